/**
 * `record.attach(slot, assetId)`, `record.detach(slot, assetId?)` and
 * `record.reorderAttachments(slot, assetIds)` (installed on every record by
 * attachmentsPlugin.ts), and the detach-all run when a record is destroyed.
 *
 * Concurrency: every write to a slot runs in a transaction holding an
 * advisory lock on (model, id, slot), so 20 concurrent attaches to a has-one
 * slot leave exactly one attachment and `max` cannot be overshot. Lock order
 * is always slot -> owner row (KEY SHARE: a concurrent destroy waits, plain
 * updates do not) -> asset rows in id order (FOR UPDATE: the cleanup, which
 * skips locked rows, cannot delete them under us). Destroy locks the owner
 * before the assets too, so the two never deadlock.
 */
import { and, eq, sql } from 'drizzle-orm';
import { BadRequest, NotFound, toValidationError } from '../controller/errors';
import { toId } from '../controller/parseId';
import { db, type ModelBase, type ModelClass, transaction } from '../model';
import { Asset } from './Asset';
import { Attachment } from './Attachment';
import { assertFitsSlot, findSlot, type RegisteredSlot } from './attachmentSlots';
import { type AssetMetadata, serviceAssets, serviceAttachments } from './tables';

interface SlotTarget {
  record: ModelBase;
  modelName: string;
  ownerId: number;
  slot: RegisteredSlot;
}

function modelOf(record: ModelBase): ModelClass {
  return record.constructor as ModelClass;
}

function target(record: ModelBase, slotName: string): SlotTarget {
  const { modelName } = modelOf(record);
  const slot = typeof slotName === 'string' ? findSlot(`${modelName}.${slotName}`) : undefined;
  // Slot names often come from requests: an unknown one is the client's mistake (400), never a 500.
  if (!slot)
    throw new BadRequest(`${modelName} has no attachment slot "${String(slotName)}"`, { slot: ['is unknown'] });
  const ownerId = record.readAttribute('id');
  if (!record.isPersisted || typeof ownerId !== 'number') {
    throw new Error(`${modelName} must be saved before files are attached to it.`);
  }
  return { record, modelName, ownerId, slot };
}

function slotCondition({ modelName, ownerId, slot }: SlotTarget) {
  return and(
    eq(serviceAttachments.attachableType, modelName),
    eq(serviceAttachments.attachableId, ownerId),
    eq(serviceAttachments.name, slot.name),
  );
}

/** Serialises writes to one slot of one record until the transaction ends. */
async function lockSlot({ modelName, ownerId, slot }: SlotTarget): Promise<void> {
  await db().execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${modelName}:${ownerId}:${slot.name}`}, 0))`);
}

/** Marks assets as having lost an attachment now (the orphan cleanup counts from this time). */
export async function markDetached(assetIds: readonly number[]): Promise<void> {
  if (assetIds.length === 0) return;
  await db()
    .update(serviceAssets)
    .set({
      metadata: sql`${serviceAssets.metadata} || jsonb_build_object('detachedAt', ${new Date().toISOString()}::text)`,
      updatedAt: sql`now()`,
    })
    // Rows locked in id order within the one statement, like attach and the cleanup: no deadlocks.
    .where(
      sql`${serviceAssets.id} in (select id from ${serviceAssets} where id = any(${sql.param([...new Set(assetIds)])})
        order by id for update)`,
    );
}

/** Re-reads a slot the record had loaded, so its JSON reflects the change. */
async function refreshLoaded(record: ModelBase, slotName: string): Promise<void> {
  if (record.isLoaded(slotName)) await record.load(slotName);
}

/**
 * True when every key of the asset's `metadata.scope` equals the owner's attribute of that name. An asset
 * with no scope recorded belongs to no tenant, so it is in none: a server-side file made without
 * `metadata.scope` could otherwise be attached (and so read, then detached) from any tenant by its id.
 * An empty scope (`{}`: an UploadsController without `@scope`, in an app without tenants) is in every one.
 */
function inScope(owner: Record<string, unknown>, metadata: AssetMetadata): boolean {
  const scope = metadata.scope;
  if (typeof scope !== 'object' || scope === null) return false;
  return Object.entries(scope).every(([key, value]) => Object.hasOwn(owner, key) && owner[key] === value);
}

/** The checks of attach beyond scope: uploaded, meant for this slot, same access, fits. 422 otherwise. */
function assertAttachable(asset: Asset, { slot, key }: RegisteredSlot): void {
  if (asset.status !== 'ready') {
    throw toValidationError({ assetId: ['has not been uploaded yet: confirm the upload first'] }, 'Asset is not ready');
  }
  const uploadedFor = asset.metadata.slot;
  if (uploadedFor !== undefined && uploadedFor !== key) {
    throw toValidationError({ assetId: [`was uploaded for ${String(uploadedFor)}, not ${key}`] });
  }
  if (asset.access !== slot.access) {
    throw toValidationError({ assetId: [`is ${asset.access}, but ${key} holds ${slot.access} files`] });
  }
  assertFitsSlot(slot, asset, { contentType: 'assetId', byteSize: 'assetId' });
}

/**
 * Attaches a ready asset to the record's slot (bare name: `logo`). Has-one
 * replaces the current file; has-many appends at the end, up to `max`.
 * Attaching an asset already in the slot changes nothing. The asset must
 * belong to the record's scope, else NotFound('Asset'), as if absent.
 *
 * The steps run in one transaction, in the lock order of the header comment:
 * slot, owner row, asset rows.
 */
export async function attachAsset(record: ModelBase, slotName: string, assetId: number): Promise<Attachment> {
  const slotTarget = target(record, slotName);
  const id = toId(assetId);
  if (id === null) throw new NotFound('Asset');

  const attachment = await transaction(async () => {
    await lockSlot(slotTarget);
    const owner = await lockOwner(record, slotTarget);
    const existing = await currentAttachments(slotTarget);
    const asset = await lockAttachableAsset(slotTarget, owner, id, existing);
    const already = existing.find((attached) => attached.assetId === id);
    if (already) return withAsset(Attachment.instantiate(already), asset);
    const position = await makeRoom(slotTarget, existing);
    const inserted = await insertAttachment(slotTarget, asset, position);
    return withAsset(inserted, asset);
  });
  await refreshLoaded(record, slotTarget.slot.name);
  return attachment;
}

type AttachmentRow = typeof serviceAttachments.$inferSelect;

/** The owner's row under KEY SHARE: a concurrent destroy waits for us; 404 when it is gone. */
async function lockOwner(record: ModelBase, { modelName, ownerId }: SlotTarget): Promise<Record<string, unknown>> {
  const { meta } = modelOf(record);
  const [owner] = await db()
    .select()
    .from(meta.table)
    .where(eq(meta.column('id'), ownerId))
    .for('key share');
  if (!owner) throw new NotFound(modelName);
  return owner as Record<string, unknown>;
}

/** The slot's attachments, in position order. */
function currentAttachments(slotTarget: SlotTarget): Promise<AttachmentRow[]> {
  return db()
    .select()
    .from(serviceAttachments)
    .where(slotCondition(slotTarget))
    .orderBy(serviceAttachments.position, serviceAttachments.id);
}

/**
 * Locks the new asset, and for has-one the ones it replaces (marked detached
 * later), in id order: two records swapping shared assets at once then queue
 * instead of deadlocking. The new asset must be in the owner's scope (else
 * 404, as if absent) and attachable to the slot (else 422).
 */
async function lockAttachableAsset(
  { slot }: SlotTarget,
  owner: Record<string, unknown>,
  id: number,
  existing: readonly AttachmentRow[],
): Promise<Asset> {
  const lockIds = [id, ...(slot.slot.kind === 'one' ? existing.map((attached) => attached.assetId) : [])];
  const locked = await db()
    .select()
    .from(serviceAssets)
    .where(sql`${serviceAssets.id} = any(${sql.param([...new Set(lockIds)])})`)
    .orderBy(serviceAssets.id)
    .for('update');
  const row = locked.find((candidate) => candidate.id === id);
  if (!row || !inScope(owner, row.metadata)) throw new NotFound('Asset');
  const asset = Asset.instantiate(row);
  assertAttachable(asset, slot);
  return asset;
}

/** Has-one: removes the current attachment (its asset marked detached); has-many: checks `max`. Returns the new position. */
async function makeRoom({ slot }: SlotTarget, existing: readonly AttachmentRow[]): Promise<number> {
  if (slot.slot.kind === 'one') {
    if (existing.length > 0) {
      await db()
        .delete(serviceAttachments)
        .where(sql`${serviceAttachments.id} = any(${sql.param(existing.map((attached) => attached.id))})`);
      await markDetached(existing.map((attached) => attached.assetId));
    }
    return 0;
  }
  const { max } = slot.slot;
  if (max !== undefined && existing.length >= max) {
    throw toValidationError({ [slot.name]: [`can hold at most ${max} file${max === 1 ? '' : 's'}`] });
  }
  return Math.max(-1, ...existing.map((attached) => attached.position)) + 1;
}

/**
 * Inserts the attachment row; an attached asset is no longer an orphan: its
 * `detachedAt` (attached again) or `awaitingAttachSince` (first attach) goes.
 */
async function insertAttachment(
  { modelName, ownerId, slot }: SlotTarget,
  asset: Asset,
  position: number,
): Promise<Attachment> {
  const [inserted] = await db()
    .insert(serviceAttachments)
    .values({ assetId: asset.id, attachableType: modelName, attachableId: ownerId, name: slot.name, position })
    .returning();
  if (asset.metadata.detachedAt !== undefined || asset.metadata.awaitingAttachSince !== undefined) {
    await db()
      .update(serviceAssets)
      .set({ metadata: sql`${serviceAssets.metadata} - 'detachedAt' - 'awaitingAttachSince'` })
      .where(eq(serviceAssets.id, asset.id));
  }
  return Attachment.instantiate(inserted as Record<string, unknown>);
}

async function withAsset(attachment: Attachment, asset: Asset): Promise<Attachment> {
  attachment.setAssociation('asset', await asset.withUrl());
  return attachment;
}

/** Removes one asset (or, without `assetId`, every asset) from the slot. Returns how many were removed. */
export async function detachAssets(record: ModelBase, slotName: string, assetId?: number): Promise<number> {
  const slotTarget = target(record, slotName);
  let condition = slotCondition(slotTarget);
  if (assetId !== undefined) {
    const id = toId(assetId);
    if (id === null) return 0;
    condition = and(condition, eq(serviceAttachments.assetId, id));
  }
  const removed = await transaction(async () => {
    await lockSlot(slotTarget);
    const rows = await db()
      .delete(serviceAttachments)
      .where(condition)
      .returning({ assetId: serviceAttachments.assetId });
    await markDetached(rows.map((row) => row.assetId));
    return rows.length;
  });
  await refreshLoaded(record, slotTarget.slot.name);
  return removed;
}

/** Orders a has-many slot: `assetIds` must list every attached asset exactly once (else 422). */
export async function reorderAttachments(
  record: ModelBase,
  slotName: string,
  assetIds: readonly number[],
): Promise<void> {
  const slotTarget = target(record, slotName);
  const { slot } = slotTarget;
  if (slot.slot.kind !== 'many') {
    throw toValidationError({ [slot.name]: ['holds a single file; there is nothing to reorder'] });
  }
  const ids = Array.isArray(assetIds) ? assetIds.map(toId) : [null];
  const mismatch = () => toValidationError({ assetIds: [`must list each file attached to ${slot.name} exactly once`] });
  if (ids.some((id) => id === null) || new Set(ids).size !== ids.length) throw mismatch();
  await transaction(async () => {
    await lockSlot(slotTarget);
    const attached = await db()
      .select({ assetId: serviceAttachments.assetId })
      .from(serviceAttachments)
      .where(slotCondition(slotTarget));
    const current = new Set(attached.map((row) => row.assetId));
    if (current.size !== ids.length || ids.some((id) => !current.has(id as number))) throw mismatch();
    await db().execute(sql`
      update ${serviceAttachments} set position = v.ord - 1
      from unnest(${sql.param(ids)}::int[]) with ordinality as v(asset_id, ord)
      where ${slotCondition(slotTarget)} and ${serviceAttachments.assetId} = v.asset_id`);
  });
  await refreshLoaded(record, slot.name);
}

/** Called inside a record's destroy transaction: its attachments go, their assets become orphans. */
export async function detachAll(record: ModelBase): Promise<void> {
  const { modelName } = modelOf(record);
  const ownerId = record.readAttribute('id');
  if (typeof ownerId !== 'number') return;
  const rows = await db()
    .delete(serviceAttachments)
    .where(and(eq(serviceAttachments.attachableType, modelName), eq(serviceAttachments.attachableId, ownerId)))
    .returning({ assetId: serviceAttachments.assetId });
  await markDetached(rows.map((row) => row.assetId));
}
