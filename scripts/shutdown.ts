/**
 * Orderly shutdown for the long-running scripts (dev, e2e server): on
 * SIGINT/SIGTERM/SIGHUP the handler runs once (stop Next, then the services it
 * used); a second Ctrl-C forces the exit.
 *
 * One Ctrl-C reaches a script several times: the terminal signals the whole
 * foreground process group, and npm and tsx forward the signal to their
 * child as well. Signals within `REPEAT_WINDOW_MS` of the first count as that
 * same press.
 */
import type { ChildProcess } from 'node:child_process';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const REPEAT_WINDOW_MS = 1_000;

export function onShutdown(handler: (reason: string) => Promise<void>): (reason: string) => Promise<void> {
  let running: Promise<void> | undefined;
  let firstSignalAt = 0;
  const run = (reason: string) => {
    running ??= handler(reason);
    return running;
  };
  for (const signal of SIGNALS) {
    process.on(signal, () => {
      const now = Date.now();
      if (!running) {
        firstSignalAt = now;
        void run(signal);
        return;
      }
      firstSignalAt ||= now; // the stop began for another reason (Next exited on the same Ctrl-C)
      if (now - firstSignalAt < REPEAT_WINDOW_MS) return; // the same press, forwarded
      console.error(`\n${signal} again: exiting without waiting for a clean stop.`);
      process.exit(130);
    });
  }
  return run;
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
