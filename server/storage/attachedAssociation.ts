/**
 * Loads a slot like an association: `Campaign.includes('logo', 'documents')`
 * reads each slot of every record with ONE statement (attachments joined to
 * their assets), signs the URLs, and sets `logo: Asset | null` /
 * `documents: Asset[]` (by position) on each record, so they appear in its JSON.
 */
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { type Association, db, type ModelBase, statementsFor } from '../model';
import { Asset, signAssetUrls } from './Asset';
import type { RegisteredSlot } from './attachmentSlots';
import { serviceAssets, serviceAttachments } from './tables';

const ASSET_COLUMNS = getTableColumns(serviceAssets);

/** Every asset attached in one slot of the given owners, grouped by owner id, in position order. */
export async function loadSlotAssets(
  modelName: string,
  slotName: string,
  ownerIds: readonly number[],
): Promise<Map<number, Asset[]>> {
  const grouped = new Map<number, Asset[]>();
  if (ownerIds.length === 0) return grouped;
  // One owner (a detail page) is a plain equality; several bind ONE array parameter, however many.
  const one = ownerIds.length === 1;
  const rows = await statementsFor(serviceAttachments).run(
    one ? 'slot of one owner' : 'slot of owners',
    () =>
      db()
        .select({ ownerId: serviceAttachments.attachableId, asset: ASSET_COLUMNS })
        .from(serviceAttachments)
        .innerJoin(serviceAssets, eq(serviceAssets.id, serviceAttachments.assetId))
        .where(
          and(
            eq(serviceAttachments.attachableType, sql.placeholder('type')),
            eq(serviceAttachments.name, sql.placeholder('slot')),
            one
              ? eq(serviceAttachments.attachableId, sql.placeholder('owners'))
              : sql`${serviceAttachments.attachableId} = any(${sql.placeholder('owners')})`,
          ),
        )
        .orderBy(asc(serviceAttachments.attachableId), asc(serviceAttachments.position), asc(serviceAttachments.id)),
    { type: modelName, slot: slotName, owners: one ? ownerIds[0] : [...ownerIds] },
  );
  const assets: Asset[] = [];
  for (const row of rows) {
    const asset = Asset.instantiate(row.asset);
    assets.push(asset);
    const group = grouped.get(row.ownerId) ?? [];
    group.push(asset);
    grouped.set(row.ownerId, group);
  }
  await signAssetUrls(assets);
  return grouped;
}

export function attachedAssociation(slot: RegisteredSlot): Association {
  const one = slot.slot.kind === 'one';
  return {
    kind: one ? 'hasOneAttached' : 'hasManyAttached',
    empty: () => (one ? null : []),
    shape: () => ({ target: Asset, many: !one }),
    async preload(owner, name, records: readonly ModelBase[]): Promise<void> {
      const ids = [...new Set(records.map((record) => record.readAttribute('id')))].filter(
        (id): id is number => typeof id === 'number',
      );
      const grouped = await loadSlotAssets(owner.modelName, slot.name, ids);
      for (const record of records) {
        const assets = grouped.get(record.readAttribute('id') as number) ?? [];
        record.setAssociation(name, one ? (assets[0] ?? null) : assets);
      }
    },
  };
}
