// Importing storageErrors registers the error mapper (storage outage -> 503).
export { configureStorage, type StorageConfig, type StorageOptions, storageConfig } from './configureStorage';
export { attachmentDisposition } from './contentDisposition';
export { mimeMatches } from './mimeMatches';
export { generateObjectKey, OBJECT_KEY_PREFIX } from './objectKey';
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
export { type PresignedUpload, type PresignUploadInput, presignUpload } from './presignUpload';
export { s3Client } from './s3Client';
export { isStorageUnavailableError, withStorage } from './storageErrors';
export {
  type AssetAccess,
  type AssetMetadata,
  type AssetStatus,
  serviceAssets,
  serviceAttachments,
} from './tables';
