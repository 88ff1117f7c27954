// demo:file (npm run demo:remove deletes this file)
'use client';
/**
 * Actions on the selected campaigns: publish (any member; drafts only) and
 * archive (owners only: the API answers 403 to members, so they do not get
 * the button). Each is one request with the ids. The outcome's notice is
 * kept by the list (CampaignsView), which clears it on the next action.
 */
import { CampaignController } from '@/controllers/browser';
import { Button } from '../Button';
import { ErrorMessage } from '../ErrorMessage';

interface Props {
  teamId: number;
  isOwner: boolean;
  selected: readonly number[];
  notice: string;
  /** Called with the outcome's notice once an action succeeded. */
  onDone: (notice: string) => void;
}

const plural = (count: number) => `${count} campaign${count === 1 ? '' : 's'}`;

export function BulkActions({ teamId, isOwner, selected, notice, onDone }: Props) {
  const campaigns = CampaignController.use({ teamId });
  const publish = campaigns.mutateBulkPublish({
    onSuccess: ({ published }) => onDone(`Published ${plural(published)}.`),
  });
  const archive = campaigns.mutateBulkArchive({
    onSuccess: ({ archived }) => onDone(`Archived ${plural(archived)}.`),
  });
  const busy = publish.isPending || archive.isPending;
  const error = publish.error ?? archive.error;
  const none = selected.length === 0;
  return (
    <div className="toolbar">
      <span className="muted" aria-live="polite">
        {selected.length} selected
      </span>
      {/* Unavailable, not disabled (Button.tsx): a done action clears the selection, and focus stays put. */}
      <Button
        className="button subtle"
        unavailable={none || busy}
        onClick={() => {
          archive.reset(); // the other action's old error is not about this one
          publish.mutate([...selected]);
        }}
      >
        Publish selected
      </Button>
      {isOwner && (
        <Button
          className="button subtle danger"
          unavailable={none || busy}
          onClick={() => {
            publish.reset();
            archive.mutate([...selected]);
          }}
        >
          Archive selected
        </Button>
      )}
      {/* The last outcome, until another action starts or fails. */}
      <span role="status" className="notice">
        {busy || error ? '' : notice}
      </span>
      <ErrorMessage error={error} />
    </div>
  );
}
