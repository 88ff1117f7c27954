'use client';
/**
 * The Account page's "Sign out everywhere": ends every session of the user,
 * this one too (`POST /api/auth/revoke-sessions`), then goes to the sign-in
 * page. It cannot be undone and signs out devices the user is not looking
 * at, so it asks first (ConfirmButton), as every other removal does.
 */
import { useState } from 'react';
import { ConfirmButton } from '../ConfirmButton';
import { authFailureOf, UNREACHABLE } from './authFailure';

export function SignOutEverywhere() {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState('');

  async function signOutEverywhere() {
    setPending(true);
    setFailure('');
    try {
      const response = await fetch('/api/auth/revoke-sessions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      if (response.ok) {
        // A full load: every server component reads the (now absent) session.
        window.location.assign('/sign-in');
        return;
      }
      setFailure((await authFailureOf(response, [])).message ?? '');
    } catch {
      setFailure(UNREACHABLE.message ?? '');
    }
    setPending(false);
  }

  return (
    <div className="stack">
      <ConfirmButton
        question="Sign out of every device, this one too?"
        confirmLabel="Yes, sign out everywhere"
        disabled={pending}
        onConfirm={() => void signOutEverywhere()}
      >
        Sign out everywhere
      </ConfirmButton>
      {failure && (
        <p role="alert" className="error">
          {failure}
        </p>
      )}
    </div>
  );
}
