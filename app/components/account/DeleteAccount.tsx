'use client';
/**
 * The Account page's "Delete account": the current password, then
 * `ConfirmButton`'s question, then better-auth's `POST /api/auth/delete-user`.
 * The password is required (authRoutes.ts): a browser left signed in is not
 * enough to delete someone's account, and better-auth would otherwise refuse
 * sessions older than a day anyway. What happens to the user's teams
 * (refused while they are a team's only owner and others are members):
 * backend/auth/accountDeletion.ts. On success the session is gone and the
 * home page says so.
 */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useAuthPost } from '../auth/useAuthPost';
import { ConfirmButton } from '../ConfirmButton';
import { FieldError, fieldErrorProps } from '../FieldError';
import { goHomeWithNotice } from '../goHomeWithNotice';

export const ACCOUNT_DELETED_NOTICE = 'Your account was deleted, and you were signed out.';

export function DeleteAccount() {
  const router = useRouter();
  const [password, setPassword] = useState('');
  const { pending, failure, post } = useAuthPost('/api/auth/delete-user', ['password']);

  async function remove() {
    const next = await post({ password });
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
        </p>
      )}
    </section>
  );
}
