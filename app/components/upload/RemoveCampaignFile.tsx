// demo:file (npm run demo:remove deletes this file)
'use client';
/**
 * Remove for a file a campaign holds (its logo, a document, its video): asks
 * first (ConfirmButton), then detaches it (CampaignController's detach,
 * whose hook refreshes the campaign), and the slot takes a new file. The
 * button goes with the file, so focus moves to the slot's picker and the
 * widget's status line says what was removed.
 */
import { CampaignController } from '@/controllers/browser';
import { isolateText } from '@/server/client';
import { ConfirmButton } from '../ConfirmButton';
import { ErrorMessage } from '../ErrorMessage';
import type { AssetView } from './assetView';
import { focusFilePicker } from './FilePicker';
import type { CampaignSlot } from './slotRules';

interface Props {
  teamId: number;
  campaignId: number;
  slot: CampaignSlot;
  file: AssetView;
  /** The slot's FilePicker id: focus goes there once the file is removed. */
  pickerId: string;
  onRemoved: (filename: string) => void;
}

export function RemoveCampaignFile({ teamId, campaignId, slot, file, pickerId, onRemoved }: Props) {
  const detach = CampaignController.use({ teamId }).mutateDetach();
  return (
    <>
      <ConfirmButton
        question={`Remove ${isolateText(file.filename)}?`}
        confirmLabel="Yes, remove"
        disabled={detach.isPending}
        onConfirm={() => {
          focusFilePicker(pickerId);
          // A list slot names the file; a single-file slot is emptied.
          const which = slot === 'documents' ? { assetId: file.id } : {};
          detach.mutate({ id: campaignId, slot, ...which }, { onSuccess: () => onRemoved(file.filename) });
        }}
      >
        Remove <span className="visually-hidden">{isolateText(file.filename)}</span>
      </ConfirmButton>
      <ErrorMessage error={detach.error} />
    </>
  );
}
