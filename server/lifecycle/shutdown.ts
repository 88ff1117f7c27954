/**
 * Graceful shutdown, one path for every process of the app: on SIGTERM (or
 * SIGINT) stop taking API requests (they answer 503 and /api/ready fails, so
 * a load balancer moves on), let the requests in flight finish, then run the
 * registered cleanups (the job worker, the database pool ...) in reverse
 * order of registration, and exit.
 *
 * The whole of it fits one budget, `timeoutMs` (25 s), so the process is gone
 * before an orchestrator's grace period ends and it would be killed mid-cleanup
 * (Kubernetes waits 30 s by default): requests get up to `drainTimeoutMs`
 * (15 s), the cleanups share what is left. A cleanup still running at the
 * deadline is abandoned and those after it are skipped; the exit status then
 * says so (1), as it does when a request was still running or a cleanup threw.
 *
 * Under Next's server (`npm start`, `node .next/standalone/server.js`) this
 * needs `NEXT_MANUAL_SIG_HANDLE=true` (set by `npm start`): Next 16 otherwise
 * exits on SIGTERM by itself, without the cleanups. `installShutdown()` is
 * called from instrumentation.node.ts (with `trackServerRequests()`, which
 * counts every HTTP request, pages included) and scripts/worker.ts; cleanups
 * are registered where the resource is made (`onShutdown('database pool',
 * closeDb)` in db/database.ts).
 */

/** What a cleanup is given: the time left of the shutdown budget (it is abandoned after that). */
export interface CleanupBudget {
  remainingMs: number;
}

type Cleanup = { name: string; run: (budget: CleanupBudget) => Promise<unknown> | unknown };

export interface ShutdownOptions {
  /** How long requests in flight get to finish (default 15 s); never more than `timeoutMs`. */
  drainTimeoutMs?: number;
  /** The whole shutdown, drain and cleanups together (default 25 s). */
  timeoutMs?: number;
  log?: (message: string) => void;
}

/** Defaults: 25 s in all fits Kubernetes' default 30 s grace period with room for the exit itself. */
export const DRAIN_TIMEOUT_MS = 15_000;
export const SHUTDOWN_TIMEOUT_MS = 25_000;

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
 * Drains and cleans up within the budget; resolves with how it went (the
 * signal handler then exits): `failed` names the cleanups that threw, ran out
 * of time or were skipped. Exported for tests and for scripts that end on
 * their own.
 */
export async function shutdown(options: ShutdownOptions = {}): Promise<{ drained: boolean; failed: string[] }> {
  const { timeoutMs = SHUTDOWN_TIMEOUT_MS, log = () => {} } = options;
  const drainTimeoutMs = Math.min(options.drainTimeoutMs ?? DRAIN_TIMEOUT_MS, timeoutMs);
  const deadline = performance.now() + timeoutMs;
  state.draining = true;
  const drained = await waitForIdle(drainTimeoutMs);
  if (!drained) log(`shutdown: ${state.inFlight} request(s) still running after ${drainTimeoutMs} ms`);
  const failed: string[] = [];
  // A cleanup that timed out ran to the deadline: the rest are skipped even if the clock, read
  // again, shows a millisecond left (timers fire to the millisecond, not to performance.now()).
  let spent = false;
  for (const cleanup of [...state.cleanups].reverse()) {
    const remainingMs = Math.floor(deadline - performance.now());
    if (spent || remainingMs <= 0) {
      failed.push(cleanup.name);
      log(`shutdown: ${cleanup.name} skipped: the ${timeoutMs} ms shutdown budget is spent`);
      continue;
    }
    const outcome = await withinBudget(() => cleanup.run({ remainingMs }), remainingMs);
    if (outcome === 'done') continue;
    if (outcome === 'timeout') spent = true;
    failed.push(cleanup.name);
    log(
      outcome === 'timeout'
        ? `shutdown: ${cleanup.name} still running at the end of the ${timeoutMs} ms shutdown budget; abandoned`
        : `shutdown: ${cleanup.name} failed: ${outcome.error instanceof Error ? outcome.error.message : String(outcome.error)}`,
    );
  }
  return { drained, failed };
}

/**
 * Installs the signal handlers once per process. The handlers stay installed: a repeated SIGTERM or
 * SIGINT while stopping (systemd signals every process of the service, and the launchers of `npm run
 * worker` relay it again) is ignored, where Node's default would end the process mid-drain. The
 * shutdown is bounded by its budget, so the process still exits: 0 when every request finished and
 * every cleanup ran, else 1.
 */
export function installShutdown(options: ShutdownOptions = {}): void {
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

/** Runs `run`, waiting at most `timeoutMs` for it. */
async function withinBudget(
  run: () => Promise<unknown> | unknown,
  timeoutMs: number,
): Promise<'done' | 'timeout' | { error: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const work = (async () => {
    try {
      await run();
      return 'done' as const;
    } catch (error) {
      return { error };
    }
  })();
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
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
