'use client';
/**
 * A failed call's message, announced to screen readers. Field errors are
 * shown beside their inputs (FieldError); record-level ones (`fields.base`,
 * e.g. "An active campaign cannot be deleted") and other failures here.
 */
import { isClientError } from '@/controllers/client';

export function errorText(error: unknown): string {
  if (isClientError(error)) {
    const base = error.fields?.base;
    if (base && base.length > 0) return base.join(' ');
    if (error.code === 'FORBIDDEN') return error.message || 'You are not allowed to do this.';
    if (error.code === 'NETWORK_ERROR') return 'The server could not be reached. Try again.';
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
