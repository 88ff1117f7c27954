'use client';
/**
 * The Account page's "Sign out everywhere": ends every session of the user,
 * this one too (`POST /api/auth/revoke-sessions`), then goes to the sign-in
 * page. It cannot be undone and signs out devices the user is not looking
 * at, so it asks first (ConfirmButton), as every other removal does.
 */
import { useState } from 'react';
import { ConfirmButton } from '../ConfirmButton';
import { useAuthPost } from './useAuthPost';

export function SignOutEverywhere() {
  const { pending, failure, post } = useAuthPost('/api/auth/revoke-sessions', []);
  // Set once the sessions are gone: the button stays unavailable until the sign-in page has loaded.
  const [leaving, setLeaving] = useState(false);

  async function signOutEverywhere() {
    if (await post({})) return;
    setLeaving(true);
    // A full load: every server component reads the (now absent) session.
    window.location.assign('/sign-in');
  }

  return (
    <div className="stack">
      <ConfirmButton
        question="Sign out of every device, this one too?"
        confirmLabel="Yes, sign out everywhere"
        disabled={pending || leaving}
        onConfirm={() => void signOutEverywhere()}
      >
        Sign out everywhere
      </ConfirmButton>
      {failure?.message && (
        <p role="alert" className="error">
          {failure.message}
        </p>
      )}
    </div>
  );
}
