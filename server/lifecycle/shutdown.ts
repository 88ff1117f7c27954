/**
 * Graceful shutdown, one path for every process of the app: on SIGTERM (or
 * SIGINT) stop taking API requests (they answer 503 and /api/ready fails, so
 * a load balancer moves on), let the ones in flight finish, bounded by
 * `drainTimeoutMs`, then run the registered cleanups (the job worker, the
 * database pool ...) in reverse order of registration, and exit.
 *
 * Under `next start` this needs `NEXT_MANUAL_SIG_HANDLE=true` (set by `npm
 * start`): Next 16 otherwise exits on SIGTERM by itself, without the cleanups.
 * `installShutdown()` is called from instrumentation.node.ts (with
 * `trackServerRequests()`, which counts every HTTP request, pages included)
 * and scripts/worker.ts; cleanups are registered where the resource is made
 * (`onShutdown('database pool', closeDb)` in db/database.ts).
 */

type Cleanup = { name: string; run: () => Promise<unknown> | unknown };

interface ShutdownState {
  draining: boolean;
  inFlight: number;
  idle: Array<() => void>;
  cleanups: Cleanup[];
  installed: boolean;
}

// On globalThis: Next evaluates route modules in several bundles of one process.
const cache = globalThis as typeof globalThis & { __appShutdown?: ShutdownState };
cache.__appShutdown ??= { draining: false, inFlight: 0, idle: [], cleanups: [], installed: false };
const state: ShutdownState = cache.__appShutdown;

/** Runs `cleanup` when the process shuts down (latest registered runs first). */
export function onShutdown(name: string, run: Cleanup['run']): void {
  if (!state.cleanups.some((cleanup) => cleanup.name === name)) state.cleanups.push({ name, run });
}

/** True once shutdown began: new work should be refused. */
export function isDraining(): boolean {
  return state.draining;
}

/**
 * Counts one request as in flight until the returned function is called, so
 * shutdown waits for it. Calling that function again does nothing: a response
 * reports both 'finish' and 'close'.
 */
export function beginRequest(): () => void {
  state.inFlight += 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    state.inFlight -= 1;
    if (state.inFlight === 0) for (const resolve of state.idle.splice(0)) resolve();
  };
}

/** Counts `work` as in flight, so shutdown waits for it. */
export async function trackRequest<T>(work: () => Promise<T>): Promise<T> {
  const end = beginRequest();
  try {
    return await work();
  } finally {
    end();
  }
}

/**
 * Drains and cleans up; resolves with how it went (the signal handler then
 * exits). Exported for tests and for scripts that end on their own.
 */
export async function shutdown(options: { drainTimeoutMs?: number; log?: (message: string) => void } = {}) {
  const { drainTimeoutMs = 20_000, log = () => {} } = options;
  state.draining = true;
  const drained = await waitForIdle(drainTimeoutMs);
  if (!drained) log(`shutdown: ${state.inFlight} request(s) still running after ${drainTimeoutMs} ms`);
  const failed: string[] = [];
  for (const cleanup of [...state.cleanups].reverse()) {
    try {
      await cleanup.run();
    } catch (error) {
      failed.push(cleanup.name);
      log(`shutdown: ${cleanup.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { drained, failed };
}

/**
 * Installs the signal handlers once per process. The handlers stay installed: a repeated SIGTERM or
 * SIGINT while stopping (systemd signals every process of the service, and the launchers of `npm run
 * worker` relay it again) is ignored, where Node's default would end the process mid-drain. The drain
 * is bounded, so the process still exits.
 */
export function installShutdown(options: { drainTimeoutMs?: number; log?: (message: string) => void } = {}): void {
  if (state.installed) return;
  state.installed = true;
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      options.log?.(`${signal}: draining requests, then stopping`);
      void shutdown(options).then(({ drained, failed }) => process.exit(drained && failed.length === 0 ? 0 : 1));
    });
  }
}

function waitForIdle(timeoutMs: number): Promise<boolean> {
  if (state.inFlight === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    state.idle.push(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Back to a fresh state (tests only). */
export function resetShutdownForTests(): void {
  Object.assign(state, { draining: false, inFlight: 0, idle: [], cleanups: [], installed: false });
}
