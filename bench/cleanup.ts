// demo:file (npm run demo:remove deletes this file)
/**
 * Everything the bench starts (database, s3rver, the temporary app copy,
 * `next start`) registers how to undo it here. The steps run in reverse order
 * at the end of the run, after a failure, and on Ctrl-C / SIGTERM; a second
 * Ctrl-C exits at once.
 */
import { withTimeout } from '../server/shared';

interface Step {
  name: string;
  run: () => Promise<unknown> | unknown;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** A stop that hangs (a wedged server) must not keep the bench from exiting. */
const STEP_TIMEOUT_MS = 20_000;

export class Cleanup {
  readonly #steps: Step[] = [];
  #running: Promise<void> | undefined;

  /** Registers an undo step; it runs before every step registered earlier. */
  add(name: string, run: Step['run']): void {
    this.#steps.push({ name, run });
  }

  /** Runs every registered step once, newest first; failures are logged, not thrown. */
  run(): Promise<void> {
    this.#running ??= (async () => {
      for (let step = this.#steps.pop(); step; step = this.#steps.pop()) {
        const { name, run } = step;
        const done = Promise.resolve()
          .then(run)
          .catch((error: unknown) => console.error(`[bench] cleanup "${name}" failed:`, error));
        if (
          (await withTimeout(
            done.then(() => true),
            STEP_TIMEOUT_MS,
          )) === undefined
        ) {
          console.error(`[bench] cleanup "${name}" did not finish within ${STEP_TIMEOUT_MS / 1000} s; moving on`);
        }
      }
    })();
    return this.#running;
  }

  /** Ctrl-C and friends: clean up, then exit 130. */
  exitOnSignals(): void {
    for (const signal of SIGNALS) {
      process.on(signal, () => {
        if (this.#running) {
          console.error(`\n[bench] ${signal} again: exiting without waiting for the cleanup.`);
          process.exit(130);
        }
        console.error(`\n[bench] ${signal}: stopping everything the bench started ...`);
        void this.run().finally(() => process.exit(130));
      });
    }
  }
}
