// demo:file (npm run demo:remove deletes this file)
'use client';
/**
 * Upload into a campaign's slot with the typed clients: presign and confirm
 * on UploadController, attach on CampaignController (its hook, so the
 * campaign's queries refresh once the file is attached). The XHR PUT with
 * progress, cancel and retry are `useUpload` from @/server/client; large
 * files go through the multipart actions, remembered per campaign and slot
 * so the widget can offer to resume them after a reload.
 */
import { CampaignController, UploadController } from '@/controllers/browser';
import { type UseUpload, type UseUploadOptions, useUpload } from '@/server/client';
import { type CampaignSlot, SLOT_RULES } from './slotRules';

export function useCampaignUpload(
  teamId: number,
  campaignId: number,
  slot: CampaignSlot,
  options: UseUploadOptions<unknown> = {},
): UseUpload {
  const attach = CampaignController.use({ teamId }).mutateAttach();
  const uploads = UploadController.with({ teamId });
  return useUpload(
    {
      presign: (file) => uploads.mutatePresign({ ...file, slot: `Campaign.${slot}` }),
      confirm: (assetId) => uploads.mutateConfirm({ assetId }),
      attach: (assetId) => attach.mutateAsync({ id: campaignId, slot, assetId }),
      // Large files: the same controller's multipart actions (resumable after a reload).
      multipart: {
        create: (file) => uploads.mutateCreateMultipart({ ...file, slot: `Campaign.${slot}` }),
        signParts: (assetId, partNumbers) => uploads.mutateSignParts({ assetId, partNumbers }),
        recordPart: (assetId, partNumber, etag) => uploads.mutateRecordPart({ assetId, partNumber, etag }),
        complete: (assetId) => uploads.mutateCompleteMultipart({ assetId }),
        abort: (assetId) => uploads.mutateAbortMultipart({ assetId }),
      },
    },
    SLOT_RULES[slot],
    { resumeScope: `teams/${teamId}/campaigns/${campaignId}/${slot}`, ...options },
  );
}
