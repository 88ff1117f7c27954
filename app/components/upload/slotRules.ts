// demo:file (npm run demo:remove deletes this file)
/**
 * What each campaign file slot takes, checked in the browser before any
 * presign. The rules are the model's own (db/models/Campaign.ts,
 * `attachments`), emitted into controllers/client.gen.ts by `npm run gen`:
 * change the model and these follow. The server checks again on presign.
 */
import { attachmentSlots } from '@/controllers/browser';
import type { UploadRules } from '@/server/client';

export type CampaignSlot = 'logo' | 'documents' | 'video';

export const SLOT_RULES: Record<CampaignSlot, UploadRules> = {
  logo: attachmentSlots['Campaign.logo'],
  documents: attachmentSlots['Campaign.documents'],
  video: attachmentSlots['Campaign.video'],
};
