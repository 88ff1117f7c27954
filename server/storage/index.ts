// Importing storageErrors registers the error mapper (storage outage -> 503),
// and attachmentsPlugin wires slots, attach/detach and destroy into the models.
import './attachmentsPlugin';

export { Asset, type AssetJson, signAssetUrls, type VariantJson } from './Asset';
export { AssetService, type CreateFromServiceInput } from './AssetService';
export { Attachment } from './Attachment';
export { analyzeImage, type ImageAnalysis, MAX_IMAGE_PIXELS, type VariantSpec } from './analyzeImage';
export {
  applyBucketSetup,
  type BucketSetupOptions,
  type BucketSetupStep,
  CORS_RULE_ID,
  LIFECYCLE_RULE_ID,
} from './applyBucketSetup';
export { loadSlotAssets } from './attachedAssociation';
export {
  type AttachmentSlot,
  type AttachmentSlotOptions,
  findSlot,
  type HasManyAttachedOptions,
  hasManyAttached,
  hasOneAttached,
  MAX_BYTE_SIZE,
  maxSizeOf,
  type RegisteredSlot,
} from './attachmentSlots';
export { configureStorage, type StorageConfig, type StorageOptions, storageConfig } from './configureStorage';
export { attachmentDisposition } from './contentDisposition';
export { detachScopedAssets } from './detachScopedAssets';
export { generateObjectKey, generateStagingKey, OBJECT_KEY_PREFIXES, STAGING_KEY_PREFIX } from './objectKey';
export {
  deleteObject,
  headObject,
  type ObjectBody,
  type ObjectHead,
  type PutObjectInput,
  putObject,
  UPLOAD_PART_SIZE,
  UPLOAD_QUEUE_SIZE,
} from './objectStore';
export { privateObjectUrl, publicObjectUrl } from './objectUrls';
export { announceAssetReady, onAssetReady } from './onAssetReady';
export { type PresignedUpload, type PresignUploadInput, presignUpload } from './presignUpload';
export {
  type ImageOutcome,
  MAX_ANALYZED_BYTES,
  markVariantsFailed,
  processAssetImages,
  variantKey,
} from './processAssetImages';
export { type AssetCleanupOptions, ATTACH_GRACE_MS, DEFAULT_CLEANUP_AGE_MS, runAssetCleanup } from './runAssetCleanup';
export { s3Client } from './s3Client';
export { sanitizeFilename } from './sanitizeFilename';
export { isStorageUnavailableError, withStorage } from './storageErrors';
export { assertStorageReachable, STORAGE_PROBE_TTL_MS } from './storageProbe';
// The tables are exported through server/schema.ts (for drizzle-kit), re-exported by server/index.ts.
export {
  type ConfirmInput,
  type PresignInput,
  type PresignResponse,
  UploadsController,
} from './UploadsController';
