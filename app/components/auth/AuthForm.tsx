'use client';
/**
 * One form for better-auth's JSON endpoints (sign in, sign up, passwords):
 * posts the fields as JSON to `/api/auth/...` and shows what the API
 * answered where it belongs: a field's errors (`error.fields.name: ["is too
 * long (maximum is 100 characters)"]`) beside that field, with focus moved
 * to the first one; anything else (and field errors for fields this form
 * lacks) under the form; a 429 with when to try again (Retry-After). On
 * success it either navigates (a full load, so every server component reads
 * the new session) or shows a confirmation and empties the form.
 */
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../Button';
import { FieldError, fieldErrorProps } from '../FieldError';
import { useAuthPost } from './useAuthPost';

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
  /** Shown after an error under the form: what to do next (the reset page's "Ask for a new link"). */
  failureHelp?: ReactNode;
  /** Names the form for assistive technology and tests. */
  label: string;
}

export function AuthForm({
  endpoint,
  fields,
  submitLabel,
  extraBody,
  redirectTo,
  successMessage,
  failureHelp,
  label,
}: AuthFormProps) {
  const { pending, failure, post } = useAuthPost(
    endpoint,
    fields.map((field) => field.name),
  );
  const [done, setDone] = useState(false);
  const errorId = `${label.replace(/\W+/g, '-').toLowerCase()}-error`;
  const inputId = (name: string) => `${errorId}-${name}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setDone(false);
    const next = await post({ ...Object.fromEntries(new FormData(form)), ...extraBody });
    if (next) {
      // The first field with an error takes focus, so keyboard and screen-reader users land on it.
      const first = fields.find((field) => next.fields[field.name]?.length);
      if (first) requestAnimationFrame(() => document.getElementById(inputId(first.name))?.focus());
      return;
    }
    if (redirectTo) {
      window.location.assign(redirectTo);
      return;
    }
    // The form stays on the page: its passwords must not, or a second press sends them again (and a
    // changed password, now wrong, would count as a failed attempt).
    form.reset();
    setDone(true);
  }

  const message = failure?.message ?? null;
  return (
    <form onSubmit={submit} className="stack" aria-label={label} aria-describedby={message ? errorId : undefined}>
      {fields.map((field) => {
        const errors = failure?.fields[field.name];
        return (
          <div className="field" key={field.name}>
            <label htmlFor={inputId(field.name)}>{field.label}</label>
            <input
              id={inputId(field.name)}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              required
              {...fieldErrorProps(inputId(field.name), errors)}
            />
            <FieldError inputId={inputId(field.name)} messages={errors} />
          </div>
        );
      })}
      <Button type="submit" unavailable={pending}>
        {submitLabel}
      </Button>
      {message && (
        <p id={errorId} role="alert" className="error">
          {message}
          {failureHelp && <> {failureHelp}</>}
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
