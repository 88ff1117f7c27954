/**
 * A background job: a name, a zod schema for its payload, a handler and its
 * retry policy. Declare jobs in the app (backend/jobs.ts) and hand the
 * list to `startJobs`; enqueue with `enqueue(job, payload)`.
 *
 * @example
 * ```ts
 * export const sendWelcome = defineJob({
 *   name: 'send-welcome',
 *   payload: z.object({ userId: z.number().int() }),
 *   retry: { limit: 5, delaySeconds: 10, backoff: true },
 *   concurrency: 8, // I/O-bound: more than the cores
 *   async handler({ userId }) { await mailer.welcome(userId); },
 * });
 * ```
 */
import type { z } from 'zod';

export interface RetryPolicy {
  /** Attempts after the first (default 2). */
  limit?: number;
  /** Seconds before the first retry (default 5). */
  delaySeconds?: number;
  /** Double the delay at each retry, with jitter (default true). */
  backoff?: boolean;
}

export interface JobDefinition<P = unknown> {
  /** Queue name: letters, digits, `-`, `_`, `.` and `/`. */
  readonly name: string;
  readonly payload: z.ZodType<P>;
  // A method (not a function property): a list of jobs with different payloads is a JobDefinition[].
  handler(payload: P, job: { id: string; attempt: number }): Promise<void>;
  readonly retry: Required<RetryPolicy>;
  /** How long one run may take before it counts as failed (default 15 min). */
  readonly timeoutSeconds: number;
  /** Jobs of this queue running at once in one process (default: the runner's `concurrency`). */
  readonly concurrency?: number;
  /**
   * Called once when a job fails for good (its last attempt, or a
   * `PermanentJobError`): record the failure where users see it (the image
   * job marks its asset). Its own errors are logged, never retried.
   */
  onFailure?(payload: P, error: unknown, job: { id: string; attempt: number }): Promise<void>;
}

const NAME = /^[A-Za-z0-9_./-]{1,100}$/;

export function defineJob<P>(definition: {
  name: string;
  payload: z.ZodType<P>;
  handler: (payload: P, job: { id: string; attempt: number }) => Promise<void>;
  retry?: RetryPolicy;
  timeoutSeconds?: number;
  /** CPU-bound jobs: about the number of cores; I/O-bound ones (mail, HTTP calls) may go higher. */
  concurrency?: number;
  onFailure?: (payload: P, error: unknown, job: { id: string; attempt: number }) => Promise<void>;
}): JobDefinition<P> {
  if (!NAME.test(definition.name)) {
    throw new Error(`defineJob: "${definition.name}" is not a valid job name (letters, digits, - _ . / only).`);
  }
  const { concurrency } = definition;
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 100)) {
    throw new Error(`defineJob(${definition.name}): concurrency must be an integer from 1 to 100.`);
  }
  return {
    name: definition.name,
    payload: definition.payload,
    handler: definition.handler,
    retry: { limit: 2, delaySeconds: 5, backoff: true, ...definition.retry },
    timeoutSeconds: definition.timeoutSeconds ?? 15 * 60,
    ...(concurrency === undefined ? {} : { concurrency }),
    ...(definition.onFailure ? { onFailure: definition.onFailure } : {}),
  };
}
