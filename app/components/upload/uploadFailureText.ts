/**
 * What a failed upload item says. The hook's `error` names the file and the
 * server's reason (a refusal at confirm); a failure with nothing of the
 * file's own in it (the API unreachable, a 403, a 429) is worded as
 * everywhere else in the app (ErrorMessage's `errorText`): "The server could
 * not be reached. Try again." rather than the browser's "Failed to fetch".
 */
import { isClientError } from '@/controllers/browser';
import type { UploadItem } from '@/server/client';
import { errorText, retryText } from '../ErrorMessage';

export function uploadFailureText(item: Pick<UploadItem, 'error' | 'cause' | 'retryAfter'>): string {
  if (isClientError(item.cause) && !item.cause.fields) return errorText(item.cause);
  return retryText(item.error ?? 'The upload failed.', item.retryAfter);
}
