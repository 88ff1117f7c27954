/**
 * What each campaign file slot takes, checked in the browser before any
 * presign. Mirror of the slots in db/models/Campaign.ts (`attachments`), which
 * the server enforces: change both together.
 */
import { MB, type UploadRules } from '@/server/client';

export type CampaignSlot = 'logo' | 'documents';

export const SLOT_RULES: Record<CampaignSlot, UploadRules> = {
  logo: { accepts: 'image/*', maxSize: 5 * MB },
  documents: { accepts: 'application/pdf', maxSize: 20 * MB, max: 10 },
};
