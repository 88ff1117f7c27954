'use client';
/**
 * A failed call's message, announced to screen readers. Field errors are
 * shown beside their inputs (FieldError); record-level ones (`fields.base`,
 * a model's rule about the whole record) and other failures here. A
 * 429 says when to try again (the server's Retry-After).
 */
import { isClientError } from '@/controllers/browser';
import { formatDuration } from './format';

/**
 * A rate limit's message with the wait in words: "Too many failed sign-in
 * attempts, try again later" and 240 s give "Too many failed sign-in
 * attempts. Try again in 4 minutes." Without a wait, the message as it is.
 */
export function retryText(message: string, retryAfterSeconds: number | undefined): string {
  if (retryAfterSeconds === undefined) return message;
  const reason = message.replace(/[,.;]?\s*(please\s+)?try again later\.?$/i, '').trim() || 'Too many requests';
  return `${reason}. Try again in ${formatDuration(retryAfterSeconds)}.`;
}

export function errorText(error: unknown): string {
  if (isClientError(error)) {
    const base = error.fields?.base;
    if (base && base.length > 0) return base.join(' ');
    if (error.code === 'FORBIDDEN') return error.message || 'You are not allowed to do this.';
    if (error.code === 'NETWORK_ERROR') return 'The server could not be reached. Try again.';
    if (error.code === 'TOO_MANY_REQUESTS') return retryText(error.message, error.retryAfter);
    return error.message;
  }
  return error instanceof Error ? error.message : 'Something went wrong.';
}

export function ErrorMessage({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="error">
      {errorText(error)}
    </p>
  );
}
