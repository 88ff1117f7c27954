/**
 * Thrown by a job handler when retrying cannot help (an image that cannot be
 * decoded, a record that no longer exists): the runner fails the job at once,
 * without its remaining retries (it is kept as `failed`, with a copy in the
 * dead-letter queue), and calls the job's `onFailure`.
 *
 * @example
 * ```ts
 * if (!user) throw new PermanentJobError(`user ${userId} no longer exists`);
 * ```
 */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}
