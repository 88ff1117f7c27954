'use client';
/**
 * The Account page's "Your name" section: changes the signed-in user's display name
 * through better-auth's `POST /api/auth/update-user`. The server trims the
 * name (spaces and invisible format characters at both ends, as sign-up does)
 * and refuses one with nothing visible, or over 100 characters, with a 400
 * whose `fields.name` is shown beside the field (backend/auth/authRoutes.ts).
 * On success the page's server components (the header, "Signed in as") are
 * read again, so they show the new name.
 */
import { useRouter } from 'next/navigation';
import { type FormEvent, useEffect, useState, useTransition } from 'react';
import { useAuthPost } from '../auth/useAuthPost';
import { Button } from '../Button';
import { TextField } from '../TextField';
import { useFocusFirstInvalid } from '../useFocusFirstInvalid';

export function ChangeNameForm({ currentName }: { currentName: string }) {
  const router = useRouter();
  const [name, setName] = useState(currentName);
  const { pending, failure, post } = useAuthPost('/api/auth/update-user', ['name']);
  const [done, setDone] = useState(false);
  const form = useFocusFirstInvalid(failure?.fields);

  const [refreshing, startRefresh] = useTransition();

  // Once the refreshed page is in, the field shows the name as stored (trimmed), even when that is the
  // name it had before ("Gina " over "Gina" changes no prop, but the refresh still ends).
  useEffect(() => {
    if (!refreshing) setName(currentName);
  }, [refreshing, currentName]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    if (await post({ name })) return;
    setDone(true);
    startRefresh(() => router.refresh());
  }

  return (
    <section className="stack" aria-labelledby="change-name">
      <h2 id="change-name">Your name</h2>
      <form ref={form} onSubmit={submit} noValidate className="stack" aria-label="Change name">
        <TextField
          id="account-name"
          label="Name"
          value={name}
          onChange={setName}
          errors={failure?.fields.name}
          autoComplete="name"
          required
        />
        <Button type="submit" unavailable={pending}>
          Save name
        </Button>
        {failure?.message && (
          <p role="alert" className="error">
            {failure.message}
          </p>
        )}
        {done && (
          <p role="status" className="notice">
            Name changed.
          </p>
        )}
      </form>
    </section>
  );
}
