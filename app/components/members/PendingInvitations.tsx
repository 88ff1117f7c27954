'use client';
/**
 * The team's pending invitations (owners): who, which role, until when; revoke
 * (asked first) kills the link, and says so with focus on the heading, as the
 * row it was in (or the whole table) is gone. Refused (403: no longer an
 * owner), the page refreshes and this section goes (useRefreshOnForbidden.ts).
 */
import { InvitationController } from '@/controllers/browser';
import { ConfirmButton } from '../ConfirmButton';
import { DataTable } from '../DataTable';
import { ErrorMessage } from '../ErrorMessage';
import { formatDate } from '../format';
import { useRefreshOnForbidden } from '../useRefreshOnForbidden';
import { useRemovalNotice } from '../useRemovalNotice';

export function PendingInvitations({ teamId }: { teamId: number }) {
  const invitations = InvitationController.use({ teamId });
  const list = invitations.index({ perPage: 100 });
  const revoke = invitations.destroy({ onError: useRefreshOnForbidden() });
  const removal = useRemovalNotice<HTMLHeadingElement>();

  return (
    <section aria-labelledby="pending-heading" className="stack">
      <h2 id="pending-heading" ref={removal.target} tabIndex={-1}>
        Pending invitations
      </h2>
      <ErrorMessage error={list.error ?? revoke.error} />
      <p role="status" className="notice">
        {removal.message}
      </p>
      {list.data?.data.length === 0 ? (
        <p className="muted">No pending invitations.</p>
      ) : (
        <DataTable label="Pending invitations" columns={['Email', 'Role', 'Expires']}>
          {list.data?.data.map((invitation) => (
            <tr key={invitation.id} data-testid="invitation-row">
              <td>{invitation.email}</td>
              <td>{invitation.role}</td>
              <td>{formatDate(invitation.expiresAt)}</td>
              <td>
                <ConfirmButton
                  question={`Revoke the invitation for ${invitation.email}? Its link stops working.`}
                  confirmLabel={
                    <>
                      Yes, revoke <span className="visually-hidden">the invitation for {invitation.email}</span>
                    </>
                  }
                  disabled={revoke.isPending}
                  onConfirm={() => {
                    removal.clear();
                    revoke.mutate(invitation.id, {
                      onSuccess: () => removal.announce(`Revoked the invitation for ${invitation.email}.`),
                    });
                  }}
                >
                  Revoke <span className="visually-hidden">invitation for {invitation.email}</span>
                </ConfirmButton>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
