/**
 * Detaches every file uploaded under a tenant (`metadata.scope`, e.g.
 * `{ teamId: 7 }`), for an app that deletes the tenant with its records: the
 * attachments go and the assets are marked detached, so the asset cleanup
 * deletes the objects after its usual delay (runAssetCleanup) instead of
 * keeping, for good, files attached to records that no longer exist. Call it
 * inside the transaction that deletes the tenant's rows.
 */
import { inArray, or, sql } from 'drizzle-orm';
import { db } from '../model';
import { markDetached } from './recordAttachments';
import { serviceAssets, serviceAttachments } from './tables';

/** The number of assets detached. */
export async function detachScopedAssets(scopes: readonly Record<string, unknown>[]): Promise<number> {
  if (scopes.length === 0) return 0;
  const inScope = or(...scopes.map((scope) => sql`${serviceAssets.metadata} @> ${JSON.stringify({ scope })}::jsonb`));
  const detached = await db()
    .delete(serviceAttachments)
    .where(
      inArray(serviceAttachments.assetId, db().select({ id: serviceAssets.id }).from(serviceAssets).where(inScope)),
    )
    .returning({ assetId: serviceAttachments.assetId });
  const assetIds = [...new Set(detached.map((row) => row.assetId))];
  await markDetached(assetIds);
  return assetIds.length;
}
