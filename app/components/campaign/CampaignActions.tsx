'use client';
/**
 * Publish, duplicate and delete. Delete is owner-only (the API answers 403
 * to members), so members do not get the button; it asks once more inline,
 * and an active campaign's refusal (422, `fields.base`) is shown as is.
 */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { CampaignController } from '@/controllers/client';
import { ErrorMessage } from '../ErrorMessage';

interface Props {
  teamId: number;
  isOwner: boolean;
  campaign: { id: number; name: string; status: string };
}

export function CampaignActions({ teamId, isOwner, campaign }: Props) {
  const router = useRouter();
  const campaigns = CampaignController.use({ teamId });
  const [confirming, setConfirming] = useState(false);
  const listUrl = `/teams/${teamId}/campaigns`;
  const publish = campaigns.mutatePublish();
  const duplicate = campaigns.mutateDuplicate({ onSuccess: (copy) => router.push(`${listUrl}/${copy.id}`) });
  const destroy = campaigns.destroy({ onSuccess: () => router.push(listUrl) });
  const busy = publish.isPending || duplicate.isPending || destroy.isPending;

  return (
    <div className="stack">
      <div className="toolbar">
        {campaign.status === 'draft' && (
          <button type="button" className="button" disabled={busy} onClick={() => publish.mutate(campaign.id)}>
            Publish
          </button>
        )}
        <button
          type="button"
          className="button subtle"
          disabled={busy}
          onClick={() => duplicate.mutate({ id: campaign.id })}
        >
          Duplicate
        </button>
        {isOwner && !confirming && (
          <button type="button" className="button subtle danger" disabled={busy} onClick={() => setConfirming(true)}>
            Delete
          </button>
        )}
        {isOwner && confirming && (
          <span className="confirm">
            <span>Delete “{campaign.name}” for good?</span>
            <button type="button" className="button danger" disabled={busy} onClick={() => destroy.mutate(campaign.id)}>
              Yes, delete
            </button>
            <button type="button" className="button subtle" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </span>
        )}
      </div>
      <ErrorMessage error={publish.error ?? duplicate.error ?? destroy.error} />
    </div>
  );
}
