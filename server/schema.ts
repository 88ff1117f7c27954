/**
 * The framework's drizzle tables, for the app's `db/schema.ts` to re-export so
 * its own drizzle-kit migrations create them. A separate entry point from
 * `@/server`: drizzle-kit loads the schema file alone, and this one pulls in
 * nothing but the table declarations.
 */
export {
  type AssetAccess,
  type AssetMetadata,
  type AssetStatus,
  serviceAssets,
  serviceAttachments,
  type VariantsStatus,
} from './storage/tables';
