export {
  type AssetAccess,
  type AssetMetadata,
  type AssetStatus,
  serviceAssets,
  serviceAttachments,
} from './tables';
