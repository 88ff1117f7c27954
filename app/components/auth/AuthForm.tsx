'use client';
/**
 * One form for better-auth's JSON endpoints (sign in, sign up, passwords):
 * posts the fields as JSON to `/api/auth/...`, shows the API's error message,
 * and on success either navigates (a full load, so every server component
 * reads the new session) or shows a confirmation.
 */
import { type FormEvent, useState } from 'react';

export interface AuthField {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autoComplete: string;
}

interface AuthFormProps {
  /** e.g. `/api/auth/sign-in/email`. */
  endpoint: string;
  fields: readonly AuthField[];
  submitLabel: string;
  /** Sent with the fields (e.g. the reset token). */
  extraBody?: Record<string, unknown>;
  /** Where to go on success; without it, `successMessage` is shown. */
  redirectTo?: string;
  successMessage?: string;
  /** Names the form for assistive technology and tests. */
  label: string;
}

async function messageOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  return body?.error?.message ?? `Request failed (${response.status})`;
}

export function AuthForm({
  endpoint,
  fields,
  submitLabel,
  extraBody,
  redirectTo,
  successMessage,
  label,
}: AuthFormProps) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    const values = Object.fromEntries(new FormData(event.currentTarget));
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...values, ...extraBody }),
      });
      if (!response.ok) {
        setError(await messageOf(response));
        return;
      }
      if (redirectTo) {
        window.location.assign(redirectTo);
        return;
      }
      setDone(true);
    } catch {
      setError('The server could not be reached. Try again.');
    } finally {
      setPending(false);
    }
  }

  const errorId = `${label.replace(/\W+/g, '-').toLowerCase()}-error`;
  return (
    <form onSubmit={submit} className="stack" aria-label={label} aria-describedby={error ? errorId : undefined}>
      {fields.map((field) => (
        <div className="field" key={field.name}>
          <label htmlFor={`${errorId}-${field.name}`}>{field.label}</label>
          <input
            id={`${errorId}-${field.name}`}
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            required
            aria-invalid={error ? true : undefined}
          />
        </div>
      ))}
      <button type="submit" className="button" disabled={pending}>
        {submitLabel}
      </button>
      {error && (
        <p id={errorId} role="alert" className="error">
          {error}
        </p>
      )}
      {done && successMessage && (
        <p role="status" className="notice">
          {successMessage}
        </p>
      )}
    </form>
  );
}
