/**
 * Enqueues a job. Inside `transaction()` the job is written by that
 * transaction: if it rolls back, the job never existed. Outside one it is
 * sent at once. The payload is checked against the job's schema first.
 *
 * @example
 * ```ts
 * await transaction(async () => {
 *   const user = await User.create({ email });
 *   await enqueue(sendWelcome, { userId: user.id }); // only if the user is committed
 * });
 * ```
 */
import { afterCommit } from '../model/connection';
import type { JobDefinition } from './defineJob';
import { currentJobRunner } from './startJobs';
import { transactionJobDb } from './transactionDb';

export interface EnqueueOptions {
  /** Run no earlier than this many seconds from now. */
  delaySeconds?: number;
  /** At most one queued job with this key (e.g. one thumbnail per asset). */
  singletonKey?: string;
}

/** Returns the job's id (null when `singletonKey` matched a queued job). */
export async function enqueue<P>(
  job: JobDefinition<P>,
  payload: P,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const runner = currentJobRunner();
  if (!runner)
    throw new Error(
      `enqueue(${job.name}): the job runner is not started (startJobs, from instrumentation or npm run worker).`,
    );
  const data = job.payload.parse(payload);
  const id = await runner.boss.send(job.name, data as object, {
    db: transactionJobDb(),
    startAfter: options.delaySeconds,
    singletonKey: options.singletonKey,
  });
  // This process works the queue: start it now rather than at the next poll (once the job is visible).
  if (id && !options.delaySeconds) await afterCommit(() => runner.wake(job.name));
  return id;
}
