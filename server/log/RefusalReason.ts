/**
 * Why a 503 is a deliberate refusal, not a failure (uploads switched off),
 * for the operator to read in the log: give it as the `cause`.
 *
 *   throw new ServiceUnavailable('Uploads are not available', {
 *     cause: new RefusalReason('Storage is not configured: set the S3_* variables'),
 *   });
 *
 * The error serialiser (server/http/errorResponse.ts) logs such a 503 at
 * warn with this message as `reason` and no stack, as it does a 503 without a
 * cause (shutting down): error lines are failures only, for an alert to watch.
 * Any other cause is a failure, logged at error with its stack.
 */
export class RefusalReason extends Error {
  override readonly name = 'RefusalReason';
}
