'use client';
/**
 * Actions on the selected campaigns: publish (any member; drafts only) and
 * archive (owners only: the API answers 403 to members, so they do not get
 * the button). Each is one request with the ids.
 */
import { useState } from 'react';
import { CampaignController } from '@/controllers/client';
import { ErrorMessage } from '../ErrorMessage';

interface Props {
  teamId: number;
  isOwner: boolean;
  selected: readonly number[];
  onDone: () => void;
}

export function BulkActions({ teamId, isOwner, selected, onDone }: Props) {
  const campaigns = CampaignController.use({ teamId });
  const [notice, setNotice] = useState('');
  const publish = campaigns.mutateBulkPublish({
    onSuccess: ({ published }) => {
      setNotice(`Published ${published} campaign${published === 1 ? '' : 's'}.`);
      onDone();
    },
  });
  const archive = campaigns.mutateBulkArchive({
    onSuccess: ({ archived }) => {
      setNotice(`Archived ${archived} campaign${archived === 1 ? '' : 's'}.`);
      onDone();
    },
  });
  const busy = publish.isPending || archive.isPending;
  const none = selected.length === 0;
  return (
    <div className="toolbar">
      <span className="muted" aria-live="polite">
        {selected.length} selected
      </span>
      <button
        type="button"
        className="button subtle"
        disabled={none || busy}
        onClick={() => publish.mutate([...selected])}
      >
        Publish selected
      </button>
      {isOwner && (
        <button
          type="button"
          className="button subtle danger"
          disabled={none || busy}
          onClick={() => archive.mutate([...selected])}
        >
          Archive selected
        </button>
      )}
      <span role="status" className="notice">
        {notice}
      </span>
      <ErrorMessage error={publish.error ?? archive.error} />
    </div>
  );
}
