// demo:file (npm run demo:remove deletes this file)
'use client';
/**
 * Publish, duplicate, archive and delete. Archive and delete are owner-only
 * (the API answers 403 to members), so members do not get them.
 *
 * What each status offers follows the model (db/models/Campaign.ts): an
 * active campaign cannot be deleted (`beforeDestroy` answers 422), so it is
 * offered Archive instead; a draft can be archived or deleted; an archived
 * one only deleted. Archive is the list's bulk archive with one id (no new
 * route); delete asks once more inline (ConfirmButton).
 *
 * Publish and Archive go away with the status they change: when one
 * succeeds, focus moves to Duplicate (always there) and the status line says
 * what happened, so a keyboard user is not thrown back to the page's top.
 */
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { CampaignController } from '@/controllers/browser';
import { isolateText } from '@/server/client';
import { Button } from '../Button';
import { ConfirmButton } from '../ConfirmButton';
import { ErrorMessage } from '../ErrorMessage';
import { noticeForNextPage } from '../noticeForNextPage';

interface Props {
  teamId: number;
  isOwner: boolean;
  campaign: { id: number; name: string; status: string };
}

export function CampaignActions({ teamId, isOwner, campaign }: Props) {
  const router = useRouter();
  const campaigns = CampaignController.use({ teamId });
  const listUrl = `/teams/${teamId}/campaigns`;
  const duplicateButton = useRef<HTMLButtonElement>(null);
  const [done, setDone] = useState('');
  const changedStatus = (text: string) => () => {
    setDone(text);
    duplicateButton.current?.focus();
  };
  const publish = campaigns.mutatePublish({ onSuccess: changedStatus(`Published ${isolateText(campaign.name)}.`) });
  const duplicate = campaigns.mutateDuplicate({ onSuccess: (copy) => router.push(`${listUrl}/${copy.id}`) });
  const archive = campaigns.mutateBulkArchive({ onSuccess: changedStatus(`Archived ${isolateText(campaign.name)}.`) });
  const destroy = campaigns.destroy({
    onSuccess: () => {
      // The list says what went, with focus on its heading (this button is gone).
      noticeForNextPage(`Deleted ${isolateText(campaign.name)}.`);
      router.push(listUrl);
    },
  });
  const busy = publish.isPending || duplicate.isPending || archive.isPending || destroy.isPending;
  const canArchive = isOwner && campaign.status !== 'archived';
  const canDelete = isOwner && campaign.status !== 'active';

  return (
    <div className="stack">
      <div className="toolbar">
        {campaign.status === 'draft' && (
          <Button unavailable={busy} onClick={() => publish.mutate(campaign.id)}>
            Publish
          </Button>
        )}
        <Button
          ref={duplicateButton}
          className="button subtle"
          unavailable={busy}
          onClick={() => duplicate.mutate({ id: campaign.id })}
        >
          Duplicate
        </Button>
        {canArchive && (
          <Button className="button subtle danger" unavailable={busy} onClick={() => archive.mutate([campaign.id])}>
            Archive
          </Button>
        )}
        {canDelete && (
          <ConfirmButton
            question={`Delete “${isolateText(campaign.name)}” for good?`}
            confirmLabel="Yes, delete"
            cancelLabel="Keep it"
            disabled={busy}
            onConfirm={() => destroy.mutate(campaign.id)}
          >
            Delete
          </ConfirmButton>
        )}
      </div>
      <ErrorMessage error={publish.error ?? duplicate.error ?? archive.error ?? destroy.error} />
      <p role="status" className="notice">
        {done}
      </p>
    </div>
  );
}
