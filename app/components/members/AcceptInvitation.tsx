'use client';
/** The Accept button of an invitation page: joins the team, then opens it. */
import { useRouter } from 'next/navigation';
import { teamHomePath } from '@/app/lib/teamHomePath';
import { InvitationAcceptanceController } from '@/controllers/browser';
import { Button } from '../Button';
import { ErrorMessage } from '../ErrorMessage';

export function AcceptInvitation({ token }: { token: string }) {
  const router = useRouter();
  const accept = InvitationAcceptanceController.use().mutateAccept({
    onSuccess: (joined) => {
      router.push(teamHomePath(joined.teamId));
      router.refresh();
    },
  });
  // Unavailable from the click until the team page opens: a second press would only hear the invitation is used.
  return (
    <div className="stack">
      <Button unavailable={accept.isPending || accept.isSuccess} onClick={() => accept.mutate({ token })}>
        Accept invitation
      </Button>
      <ErrorMessage error={accept.error} />
    </div>
  );
}
