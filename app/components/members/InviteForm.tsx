'use client';
/**
 * Owners invite someone by email. The answer carries the invite link once:
 * it is shown here to copy, since there may be no mail server (in
 * development the mail is only logged). Refused (403: no longer an owner),
 * the page refreshes and this form goes (useRefreshOnForbidden.ts).
 */
import { type FormEvent, useState } from 'react';
import { InvitationController } from '@/controllers/browser';
import { Button } from '../Button';
import { ErrorMessage } from '../ErrorMessage';
import { FieldError, fieldErrorProps } from '../FieldError';
import { useFocusFirstInvalid } from '../useFocusFirstInvalid';
import { useRefreshOnForbidden } from '../useRefreshOnForbidden';

export function InviteForm({ teamId }: { teamId: number }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'member' | 'owner'>('member');
  const [created, setCreated] = useState<{ email: string; link: string } | null>(null);
  const create = InvitationController.use({ teamId }).create({
    onError: useRefreshOnForbidden(),
    onSuccess: (invitation) => {
      setEmail('');
      // The link is in this one response only (not a column, so the record type does not declare it).
      const link = (invitation as { link?: unknown }).link;
      if (typeof link === 'string') setCreated({ email: invitation.email, link });
    },
  });
  const fields = create.error?.fields;
  const form = useFocusFirstInvalid(fields);

  function submit(event: FormEvent) {
    event.preventDefault();
    setCreated(null);
    create.mutate({ email, role });
  }

  return (
    <section aria-labelledby="invite-heading" className="stack">
      <h2 id="invite-heading">Invite someone</h2>
      <form ref={form} onSubmit={submit} noValidate className="form card inline-form" aria-label="Invite a member">
        <div className="field">
          <label htmlFor="invite-email">Email</label>
          <input
            id="invite-email"
            type="email"
            value={email}
            placeholder="name@example.com"
            onChange={(event) => setEmail(event.target.value)}
            {...fieldErrorProps('invite-email', fields?.email)}
          />
          <FieldError inputId="invite-email" messages={fields?.email} />
        </div>
        <div className="field">
          <label htmlFor="invite-role">Role</label>
          <select id="invite-role" value={role} onChange={(event) => setRole(event.target.value as 'member' | 'owner')}>
            <option value="member">member</option>
            <option value="owner">owner</option>
          </select>
        </div>
        <Button type="submit" unavailable={create.isPending}>
          Send invitation
        </Button>
        {create.error && !fields?.email && <ErrorMessage error={create.error} />}
      </form>
      {created && (
        <div role="status" className="card callout">
          <p>
            Invitation for {created.email} created. Send them this link (it works once, for 7 days); it is shown only
            now:
          </p>
          <code data-testid="invite-link" className="token">
            {created.link}
          </code>
        </div>
      )}
    </section>
  );
}
