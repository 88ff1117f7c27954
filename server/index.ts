/**
 * The framework's public surface. App code imports from '@/server' only.
 */
export { afterCommit, type Database, db, registerDatabase, transaction } from './model/connection';
export { countQueries, queryLogger } from './model/queryCounter';
export {
  type AssetAccess,
  type AssetMetadata,
  type AssetStatus,
  serviceAssets,
  serviceAttachments,
} from './storage/tables';
