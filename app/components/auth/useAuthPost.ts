'use client';
/**
 * One POST to better-auth's JSON endpoints (`/api/auth/...`), made the way
 * every account form makes it: `pending` while it runs (for the submit
 * button), the last `failure` cleared as it starts, a refusal read through
 * `authFailureOf` (errors of `fieldNames` beside their fields, the rest under
 * the form) and UNREACHABLE when no answer came. `post` resolves to that
 * failure, or null on success, so the caller only says what comes next:
 * focus the first field in error, navigate, empty the form.
 *
 *   const update = useAuthPost('/api/auth/update-user', ['name']);
 *   if (!(await update.post({ name }))) startRefresh(() => router.refresh());
 *   <TextField errors={update.failure?.fields.name} ... />
 */
import { useState } from 'react';
import { type AuthFailure, authFailureOf, UNREACHABLE } from './authFailure';

/** `fieldNames`: the form's own fields, whose errors it shows beside them (an array, read on every post). */
export function useAuthPost(endpoint: string, fieldNames: readonly string[]) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<AuthFailure | null>(null);

  async function post(body: Record<string, unknown>): Promise<AuthFailure | null> {
    setPending(true);
    setFailure(null);
    let next: AuthFailure | null;
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      next = response.ok ? null : await authFailureOf(response, fieldNames);
    } catch {
      next = UNREACHABLE;
    }
    setFailure(next);
    setPending(false);
    return next;
  }

  return { pending, failure, post };
}
