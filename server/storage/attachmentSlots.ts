/**
 * Attachment slots: the files a model may carry, declared in its options.
 *
 *   class Campaign extends Model(campaigns, {
 *     attachments: {
 *       logo: hasOneAttached({ accepts: 'image/*', maxSize: 5 * MiB, access: 'public' }),
 *       documents: hasManyAttached({ accepts: 'application/pdf', maxSize: 20 * MiB, max: 10 }),
 *     },
 *   }) {}
 *
 * A slot's key is `<modelName>.<slot>` (`Campaign.logo`): clients name it when
 * they presign an upload, and `service_attachments.attachable_type` holds the
 * model name. Rename a model and its stored attachments need a data migration.
 */
import { toValidationError } from '../controller/errors';
import { formatBytes, GiB } from '../shared/byteSizes';
import { mimeMatches } from '../shared/mimeMatches';
import type { VariantSpec } from './analyzeImage';
import { storageConfig } from './configureStorage';
import type { AssetAccess } from './tables';

export interface AttachmentSlotOptions {
  /** MIME patterns such as `'image/*'` or `['application/pdf', 'text/plain']`. Omit to accept any type. `image/*` excludes SVG unless listed. */
  accepts?: string | readonly string[];
  /** Largest upload in bytes. Default: `defaultMaxSize` of configureStorage (100 MiB). */
  maxSize?: number;
  /**
   * `'public'`: served from `publicUrlBase` (a CDN), and then `accepts` is required (not any type);
   * `'private'` (default): presigned GET URLs that download.
   */
  access?: AssetAccess;
  /**
   * Resized copies of uploaded images, made by the image job after confirm
   * and stored beside the original under the same access:
   * `{ thumb: { size: 128 } }` (a WebP, 128 px on its long side).
   */
  variants?: Readonly<Record<string, VariantSpec>>;
}

export interface HasManyAttachedOptions extends AttachmentSlotOptions {
  /** Most files the slot holds; attaching one more is a 422. Default: unlimited. */
  max?: number;
}

export interface AttachmentSlot {
  readonly kind: 'one' | 'many';
  readonly accepts?: string | readonly string[];
  readonly maxSize?: number;
  readonly access: AssetAccess;
  readonly max?: number;
  readonly variants?: Readonly<Record<string, VariantSpec>>;
}

/** A slot holding at most one file; attaching another replaces it. */
export function hasOneAttached(options: AttachmentSlotOptions = {}): AttachmentSlot {
  return freezeSlot('one', options);
}

/** An ordered list of files (by `position`). */
export function hasManyAttached(options: HasManyAttachedOptions = {}): AttachmentSlot {
  return freezeSlot('many', options);
}

function freezeSlot(kind: 'one' | 'many', options: HasManyAttachedOptions): AttachmentSlot {
  return Object.freeze({
    kind,
    access: options.access ?? 'private',
    ...(options.accepts !== undefined ? { accepts: options.accepts } : {}),
    ...(options.maxSize !== undefined ? { maxSize: options.maxSize } : {}),
    ...(options.max !== undefined ? { max: options.max } : {}),
    ...(options.variants !== undefined ? { variants: Object.freeze({ ...options.variants }) } : {}),
  });
}

export interface RegisteredSlot {
  /** `Campaign.logo` */
  readonly key: string;
  readonly modelName: string;
  /** `logo` */
  readonly name: string;
  readonly slot: AttachmentSlot;
}

// On globalThis: app model modules may be re-evaluated by HMR while this one is not.
const cache = globalThis as typeof globalThis & { __attachmentSlots?: Map<string, RegisteredSlot> };
cache.__attachmentSlots ??= new Map();
const registry = cache.__attachmentSlots;

const SLOT_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** `type/subtype`, `type/*` or `*\/*`, optionally with parameters. */
const MIME_PATTERN = /^[^\s/;]+\/[^\s/;]+(\s*;.*)?$/;

/** Checks a model's slot declarations and records them (called by the attachments model plugin). */
export function registerSlots(modelName: string, slots: Readonly<Record<string, AttachmentSlot>>): RegisteredSlot[] {
  const fail = (name: string, problem: string): never => {
    throw new Error(`Model ${modelName}: attachment slot "${name}" ${problem}`);
  };
  return Object.entries(slots).map(([name, slot]) => {
    if (!SLOT_NAME.test(name)) fail(name, 'needs an identifier name (letters, digits, _)');
    if (slot?.kind !== 'one' && slot?.kind !== 'many')
      fail(name, 'must be declared with hasOneAttached() or hasManyAttached()');
    if (slot.access !== 'public' && slot.access !== 'private')
      fail(name, "has access other than 'public' or 'private'");
    if (slot.maxSize !== undefined && !(Number.isSafeInteger(slot.maxSize) && slot.maxSize > 0)) {
      fail(name, 'needs maxSize as a positive integer number of bytes (e.g. 5 * MiB)');
    }
    if (slot.max !== undefined && (slot.kind === 'one' || !(Number.isSafeInteger(slot.max) && slot.max > 0))) {
      fail(name, 'may set max only on hasManyAttached, as a positive integer');
    }
    const patterns = typeof slot.accepts === 'string' ? [slot.accepts] : (slot.accepts ?? []);
    for (const pattern of patterns) {
      if (typeof pattern !== 'string' || !MIME_PATTERN.test(pattern)) {
        fail(name, `has accepts "${pattern}", which is not a MIME type or pattern such as image/*`);
      }
    }
    // A public file is served as stored, from publicUrlBase, with no download disposition: a slot open
    // to any type would publish HTML or SVG with scripts under that address.
    if (slot.access === 'public' && (patterns.length === 0 || patterns.some((p) => p.startsWith('*/')))) {
      fail(name, "is public, so it must name the types it accepts (accepts: 'image/*'), not any type");
    }
    for (const [variant, spec] of Object.entries(slot.variants ?? {})) {
      if (!SLOT_NAME.test(variant)) fail(name, `has a variant "${variant}" whose name is not an identifier`);
      if (!(Number.isInteger(spec?.size) && spec.size > 0 && spec.size <= 10_000)) {
        fail(name, `has a variant "${variant}" whose size is not a whole number of pixels from 1 to 10000`);
      }
    }
    const registered: RegisteredSlot = { key: `${modelName}.${name}`, modelName, name, slot };
    // A re-declared model (HMR) replaces its slots.
    registry.set(registered.key, registered);
    return registered;
  });
}

/** Every declared slot, in declaration order. */
export function registeredSlots(): RegisteredSlot[] {
  return [...registry.values()];
}

/** The slot named `Campaign.logo`, or undefined. */
export function findSlot(key: string): RegisteredSlot | undefined {
  return registry.get(key);
}

/**
 * The largest asset: 5 GiB, S3's limit for one PUT and for the single
 * CopyObject that confirm uses (`byte_size` is a bigint). A slot's `maxSize`
 * may go up to it; `defaultMaxSize` stays 100 MiB.
 */
export const MAX_BYTE_SIZE = 5 * GiB;

/** The largest upload the slot admits: its `maxSize`, else `defaultMaxSize`, never over MAX_BYTE_SIZE. */
export function maxSizeOf(slot: AttachmentSlot): number {
  return Math.min(slot.maxSize ?? storageConfig().defaultMaxSize, MAX_BYTE_SIZE);
}

/** Field errors when a file of this type and size does not fit the slot; empty when it fits. */
function slotMismatches(
  slot: AttachmentSlot,
  file: { contentType: string; byteSize: number | null },
  fields: { contentType: string; byteSize: string } = { contentType: 'contentType', byteSize: 'byteSize' },
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!mimeMatches(slot.accepts, file.contentType)) {
    const accepted = typeof slot.accepts === 'string' ? slot.accepts : (slot.accepts ?? []).join(', ');
    errors[fields.contentType] = [`is not accepted (accepted: ${accepted || 'none'})`];
  }
  const limit = maxSizeOf(slot);
  if (file.byteSize === null || file.byteSize > limit) {
    errors[fields.byteSize] = [file.byteSize === null ? 'is unknown' : `must be at most ${formatBytes(limit)}`];
  }
  return errors;
}

/** Throws 422 with field errors when the file does not fit the slot. */
export function assertFitsSlot(
  slot: AttachmentSlot,
  file: { contentType: string; byteSize: number | null },
  fields?: { contentType: string; byteSize: string },
): void {
  const errors = slotMismatches(slot, file, fields);
  if (Object.keys(errors).length > 0) throw toValidationError(errors, 'File does not fit the attachment slot');
}
