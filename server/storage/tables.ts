/**
 * Drizzle declarations of the attachment subsystem's two tables. The app's
 * `db/schema.ts` re-exports them so its own drizzle-kit migrations create
 * them. Columns follow the specification exactly; ownership (scope, slot,
 * user) lives in `metadata`, queried with `@>` under the GIN index.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export type AssetStatus = 'pending' | 'ready';
export type AssetAccess = 'public' | 'private';
/**
 * Where the image job stands for an asset: `pending` until it ran, `ready`
 * once its size and variants are recorded (or there is nothing to make: not
 * a raster image), `failed` when it never will (an undecodable file, or out of
 * retries; `variantsError` says why). Pages show the original or a
 * placeholder unless `ready`, and stop waiting unless `pending`.
 */
export type VariantsStatus = 'pending' | 'ready' | 'failed';

/** What the framework keeps in `service_assets.metadata`. Apps may add keys. */
export interface AssetMetadata {
  /** Scope params the asset was presigned under, e.g. `{ teamId: 1 }`. */
  scope?: Record<string, number>;
  /** `Model.slot`, e.g. `Campaign.logo`. */
  slot?: string;
  userId?: number | string;
  /** ISO time the asset lost its last attachment (for orphan cleanup). */
  detachedAt?: string;
  /**
   * ISO time a browser upload was confirmed, until its first attach removes it:
   * an asset that keeps it was never attached (for orphan cleanup).
   */
  awaitingAttachSince?: string;
  [key: string]: unknown;
}

/** A variant of an image (`thumb`), stored beside the original under the same access. */
export interface StoredVariant {
  key: string;
  width: number;
  height: number;
  contentType: string;
}

/** A browser multipart upload in progress (pending assets only): what resume needs without ListParts. */
export interface MultipartState {
  uploadId: string;
  partSize: number;
  partCount: number;
  /** ETags the client reported, by part number. */
  etags: Record<string, string>;
}

export const serviceAssets = pgTable(
  'service_assets',
  {
    id: serial('id').primaryKey(),
    /** Where the object is served from, fixed at presign (the object exists once confirmed). */
    key: text('key').notNull().unique(),
    /** Pending uploads only: where the browser PUTs (`staging/...`); confirm copies it to `key` and clears this. */
    stagingKey: text('staging_key').unique(),
    /** Multipart uploads only, until completed: the upload id and the parts reported so far. */
    multipart: jsonb('multipart').$type<MultipartState>(),
    filename: varchar('filename', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 255 }).notNull(),
    /** bigint (as a JS number, exact below 2^53): a slot may admit up to 5 GB, S3's largest single object copy. */
    byteSize: bigint('byte_size', { mode: 'number' }),
    /** The store's ETag (an MD5 for single-part objects): what the store says it holds. */
    checksum: varchar('checksum', { length: 255 }),
    /** The client's base64 SHA-256 of the file, signed into the upload so the store refused other bytes. Null when not sent. */
    checksumSha256: varchar('checksum_sha256', { length: 44 }),
    /** Images, once analysed by the image job (server/storage/processAssetImages.ts): pixel size after EXIF rotation. */
    width: integer('width'),
    height: integer('height'),
    /** A ThumbHash of the image (base64, ~30 bytes): a blurred placeholder drawn before the image loads. */
    placeholder: varchar('placeholder', { length: 100 }),
    /** The slot's declared variants that were made, by name. `{}` before the job ran and for non-images. */
    variants: jsonb('variants').$type<Record<string, StoredVariant>>().notNull().default(sql`'{}'::jsonb`),
    variantsStatus: varchar('variants_status', { length: 20 }).$type<VariantsStatus>().notNull().default('pending'),
    /** Why the image job gave up (`variantsStatus: 'failed'`), in words for the uploader; null otherwise. */
    variantsError: varchar('variants_error', { length: 500 }),
    status: varchar('status', { length: 50 }).$type<AssetStatus>().notNull().default('pending'),
    access: varchar('access', { length: 50 }).$type<AssetAccess>().notNull().default('private'),
    metadata: jsonb('metadata').$type<AssetMetadata>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('service_assets_metadata_gin').using('gin', t.metadata),
    index('service_assets_status_created_at_idx').on(t.status, t.createdAt),
  ],
);

export const serviceAttachments = pgTable(
  'service_attachments',
  {
    id: serial('id').primaryKey(),
    assetId: integer('asset_id')
      .notNull()
      .references(() => serviceAssets.id, { onDelete: 'cascade' }),
    attachableType: varchar('attachable_type', { length: 255 }).notNull(),
    attachableId: integer('attachable_id').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('service_attachments_owner_idx').on(t.attachableType, t.attachableId, t.name, t.position),
    index('service_attachments_asset_id_idx').on(t.assetId),
  ],
);
