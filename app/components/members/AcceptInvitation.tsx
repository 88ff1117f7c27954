'use client';
/**
 * The answers on an invitation page, for the invited user only (the page shows
 * them to no one else, and the API checks the email): Accept joins the team,
 * then opens it; Decline asks first (its link stops working), then goes home,
 * which says "You declined the invitation to join Acme." (noticeForNextPage).
 */
import { useRouter } from 'next/navigation';
import { teamHomePath } from '@/app/lib/teamHomePath';
import { InvitationAcceptanceController } from '@/controllers/browser';
import { isolateText } from '@/server/client';
import { Button } from '../Button';
import { ConfirmButton } from '../ConfirmButton';
import { ErrorMessage } from '../ErrorMessage';
import { noticeForNextPage } from '../noticeForNextPage';

export function AcceptInvitation({ token, teamName }: { token: string; teamName: string }) {
  const router = useRouter();
  const invitations = InvitationAcceptanceController.use();
  const accept = invitations.mutateAccept({
    onSuccess: (joined) => {
      router.push(teamHomePath(joined.teamId));
      router.refresh();
    },
  });
  const decline = invitations.mutateDecline({
    onSuccess: (declined) => {
      noticeForNextPage(`You declined the invitation to join ${isolateText(declined.teamName)}.`);
      router.push('/');
      router.refresh();
    },
  });
  // Unavailable from the click until the next page opens: a second press would only hear the invitation is gone.
  const busy = accept.isPending || accept.isSuccess || decline.isPending || decline.isSuccess;
  return (
    <div className="stack">
      <div className="toolbar">
        <Button unavailable={busy} onClick={() => accept.mutate({ token })}>
          Accept invitation
        </Button>
        <ConfirmButton
          question={`Decline the invitation to join ${isolateText(teamName)}? Its link stops working.`}
          confirmLabel="Yes, decline"
          cancelLabel="Keep it"
          disabled={busy}
          onConfirm={() => {
            accept.reset();
            decline.mutate({ token });
          }}
        >
          Decline
        </ConfirmButton>
      </div>
      <ErrorMessage error={accept.error ?? decline.error} />
    </div>
  );
}
