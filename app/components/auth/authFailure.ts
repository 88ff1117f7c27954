/**
 * What a form shows for a refused `/api/auth/...` call: a field's errors
 * beside that field, everything else (and errors of fields the form lacks)
 * under the form, a 429 with when to try again (Retry-After). Every account
 * form reads the API's one error body (`{error: {code, message, fields?}}`)
 * through this (posting with useAuthPost.ts), so a new one gets the same
 * placement and wording.
 */
import { retryText } from '../ErrorMessage';

export interface AuthFailure {
  /** Shown under the form; null when every error sits beside its field. */
  message: string | null;
  fields: Record<string, string[]>;
  /** The answer's HTTP status; absent when no answer came. */
  status?: number;
}

/** The failure when no answer came at all. */
export const UNREACHABLE: AuthFailure = { message: 'The server could not be reached. Try again.', fields: {} };

/** `response`'s error body as `fieldNames`' own errors and a message for the rest. */
export async function authFailureOf(response: Response, fieldNames: Iterable<string>): Promise<AuthFailure> {
  const own = new Set(fieldNames);
  const body = (await response.json().catch(() => null)) as {
    error?: { message?: string; fields?: Record<string, unknown> };
  } | null;
  const message = body?.error?.message ?? `Request failed (${response.status})`;
  if (response.status === 429) {
    const seconds = Number(response.headers.get('retry-after'));
    const retryAfter = Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
    return { message: retryText(message, retryAfter), fields: {}, status: response.status };
  }
  const fields: Record<string, string[]> = {};
  const elsewhere: string[] = [];
  for (const [name, value] of Object.entries(body?.error?.fields ?? {})) {
    const messages = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
    if (own.has(name)) fields[name] = messages;
    else elsewhere.push(...messages.map((text) => (name === 'base' ? text : `${name} ${text}`)));
  }
  const placed = Object.keys(fields).length > 0;
  return {
    message: elsewhere.length > 0 ? elsewhere.join(' ') : placed ? null : message,
    fields,
    status: response.status,
  };
}
