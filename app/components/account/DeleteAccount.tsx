'use client';
/**
 * The Account page's "Delete account": the current password, then
 * `ConfirmButton`'s question, then better-auth's `POST /api/auth/delete-user`.
 * A browser left signed in is not enough to delete someone's account
 * (backend/auth/accountDeletionProof.ts): an account with a password gives
 * it; one without (OAuth only) must have signed in within the last
 * `signInWindowMinutes`, and is otherwise offered to sign in again. What
 * happens to the user's teams (refused while they are a team's only owner
 * and others are members): backend/auth/accountDeletion.ts. On success the
 * session is gone and the home page says so.
 */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useAuthPost } from '../auth/useAuthPost';
import { ConfirmButton } from '../ConfirmButton';
import { FieldError, fieldErrorProps } from '../FieldError';
import { goHomeWithNotice } from '../goHomeWithNotice';

export const ACCOUNT_DELETED_NOTICE = 'Your account was deleted, and you were signed out.';

interface DeleteAccountProps {
  /** The user has a password to give (backend/auth/hasPassword.ts). */
  hasPassword: boolean;
  /** How recent a sign-in deletes an account without one (DELETION_SIGN_IN_WINDOW_SECONDS, in minutes). */
  signInWindowMinutes: number;
}

export function DeleteAccount({ hasPassword, signInWindowMinutes }: DeleteAccountProps) {
  const router = useRouter();
  const [password, setPassword] = useState('');
  // Without a password field, a password error (the account got one in another tab) shows under the form.
  const { pending, failure, post } = useAuthPost('/api/auth/delete-user', hasPassword ? ['password'] : []);

  async function remove() {
    const next = await post(hasPassword ? { password } : {});
    if (!next) return goHomeWithNotice(router, ACCOUNT_DELETED_NOTICE);
    if (next.fields.password) document.getElementById('delete-account-password')?.focus();
  }

  return (
    <section className="stack" aria-labelledby="delete-account">
      <h2 id="delete-account">Delete account</h2>
      <p className="muted">
        Your account, your sessions and your API keys go for good. A team where you are the only member goes too; a team
        where you are the only owner and others are members must get another owner first.
      </p>
      {hasPassword ? (
        <div className="field">
          <label htmlFor="delete-account-password">Your password</label>
          <input
            id="delete-account-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            {...fieldErrorProps('delete-account-password', failure?.fields.password)}
          />
          <FieldError inputId="delete-account-password" messages={failure?.fields.password} />
        </div>
      ) : (
        <p className="muted">
          Your account has no password: it can be deleted within {signInWindowMinutes} minutes of signing in.
        </p>
      )}
      <div>
        <ConfirmButton
          question="Delete your account for good? This cannot be undone."
          confirmLabel="Yes, delete my account"
          onConfirm={remove}
          disabled={pending}
        >
          Delete account
        </ConfirmButton>
      </div>
      {failure?.message && (
        <p role="alert" className="error">
          {failure.message}
          {/* The sign-in was too long ago (403): a fresh one opens the window again. */}
          {failure.status === 403 && (
            <>
              {' '}
              <Link href="/sign-in?next=/account">Sign in again</Link>
            </>
          )}
        </p>
      )}
    </section>
  );
}
