'use client';
/**
 * The dev sign-in form (development and tests only, see env.ts
 * AUTH_DEV_LOGIN): one button per seeded user, or any email, no password.
 * Submits the `signIn` server action; its error comes back as state.
 */
import { useActionState } from 'react';
import { Button } from '../components/Button';
import { type SignInState, signIn } from './actions';
import { DEMO_USERS } from './demoUsers';

export function SignInForm({ next }: { next?: string | null }) {
  const [state, action, pending] = useActionState<SignInState, FormData>(signIn, {});
  return (
    <div className="stack">
      <form action={action} className="stack">
        {next && <input type="hidden" name="next" value={next} />}
        <fieldset className="choices">
          <legend>Sign in as a demo user</legend>
          {DEMO_USERS.map((user) => (
            <Button
              key={user.email}
              type="submit"
              name="email"
              value={user.email}
              className="choice"
              unavailable={pending}
            >
              <strong>{user.name}</strong>
              <span className="muted">
                {user.email} · {user.note}
              </span>
            </Button>
          ))}
        </fieldset>
      </form>
      <form action={action} className="inline-form" aria-describedby={state.error ? 'sign-in-error' : undefined}>
        {next && <input type="hidden" name="next" value={next} />}
        <div className="field">
          <label htmlFor="sign-in-email">Or any email</label>
          <input
            id="sign-in-email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={state.email}
            placeholder="you@example.com"
            required
            aria-invalid={state.error ? true : undefined}
          />
        </div>
        <Button type="submit" unavailable={pending}>
          Sign in
        </Button>
      </form>
      {state.error && (
        <p id="sign-in-error" role="alert" className="error">
          {state.error}
        </p>
      )}
    </div>
  );
}
