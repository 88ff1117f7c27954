/**
 * Orphan cleanup: `runAssetCleanup({ olderThanMs })` removes, object first
 * and then row,
 *
 * - pending assets created more than `olderThanMs` ago (presigned, never
 *   confirmed: the upload URL expired long before), and
 * - ready assets that lost their last attachment (replaced, detached, or
 *   their record destroyed: `metadata.detachedAt`) more than `olderThanMs`
 *   ago and are not attached anywhere now, and
 * - browser uploads confirmed but never attached (the attach request failed
 *   or never came: `metadata.awaitingAttachSince`, which the first attach
 *   removes), confirmed more than `olderThanMs` and ATTACH_GRACE_MS ago.
 *
 * A pending multipart upload is aborted (its parts dropped). A pending asset's objects are its staging object (where the browser PUT)
 * and its key (in case a confirm copied it but never committed). Then
 * staging objects older than the age that no row names are deleted too
 * (sweepStagingObjects.ts): PUTs that arrived after their row was removed.
 *
 * Never an attached asset, nor one a foreign key of another table references
 * (an app's `avatar_asset_id`), nor a ready asset without a confirm time that
 * never had an attachment (createFromService output that the app keeps by
 * id). Default age 24 h.
 *
 * First it sweeps attachments whose record is gone without `destroy()` (a
 * `deleteAll`, raw SQL, an `on delete cascade` from a parent table): they
 * are removed and their assets marked detached now, so a later run (once
 * the age has passed) removes them. Only models declared in the process
 * are swept: the script imports the app's models.
 *
 * Run it periodically (`npm run assets:cleanup` from cron, or a scheduled
 * job). Several instances may run it at once: each batch claims its rows with
 * `FOR UPDATE SKIP LOCKED` inside a transaction, so runs share the work and
 * never delete the same asset twice; `attach` locks the asset row first, so
 * an asset being attached is skipped. If storage fails mid-batch, the batch's
 * rows stay (rolled back) and the next run deletes again (deleting a missing
 * object succeeds).
 */
import { and, asc, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { db, transaction } from '../model';
import type { AnyTable } from '../model/types';
import { modelsWithSlots } from './attachmentsPlugin';
import { abortMultipart } from './multipartStore';
import { deleteObject } from './objectStore';
import { markDetached } from './recordAttachments';
import { sweepStagingObjects } from './sweepStagingObjects';
import { serviceAssets, serviceAttachments } from './tables';

export const DEFAULT_CLEANUP_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The least time a confirmed upload has to be attached before cleanup may
 * take it for abandoned, whatever `olderThanMs` (even 0). The browser
 * attaches in the request right after confirm, so seconds suffice; an hour
 * leaves room for a slow or queued request and for clock skew between app
 * instances.
 */
export const ATTACH_GRACE_MS = 60 * 60 * 1000;

export interface AssetCleanupOptions {
  /** Minimum age in milliseconds (of the pending asset, since it was confirmed or detached). Default 24 h. */
  olderThanMs?: number;
  /** Assets per transaction. Default 100: short transactions, few round trips. */
  batchSize?: number;
}

/** Parallel object deletes per batch: enough to hide latency, polite to the store. */
const DELETE_CONCURRENCY = 8;

/**
 * True (as SQL) for an asset another table's foreign key references (an
 * app's `users.avatar_asset_id`): an asset kept that way is in use, and
 * deleting it would fail the batch after its objects went, or cascade into
 * the app's rows. Read from the catalog once per run, so a column added later
 * is covered without configuration.
 */
async function referencedElsewhere(): Promise<SQL> {
  const a = serviceAssets;
  // One row per foreign key, its columns paired with the service_assets columns they reference (id, or key).
  const keys = await db().execute<{ tableName: string; columns: string[]; referenced: string[] }>(sql`
    select c.conrelid::regclass::text as "tableName",
      array_agg(own.attname order by k.i) as "columns", array_agg(ref.attname order by k.i) as "referenced"
    from pg_constraint c
    cross join lateral unnest(c.conkey, c.confkey) with ordinality as k(own, ref, i)
    join pg_attribute own on own.attrelid = c.conrelid and own.attnum = k.own
    join pg_attribute ref on ref.attrelid = c.confrelid and ref.attnum = k.ref
    where c.contype = 'f'
      and c.confrelid = to_regclass(${getTableName(a)})
      and c.conrelid <> to_regclass(${getTableName(serviceAttachments)})
      and c.conrelid <> c.confrelid
    group by c.oid, c.conrelid`);
  // regclass::text is already quoted (and schema-qualified when off the search_path).
  const checks = keys.map(({ tableName, columns, referenced }) => {
    const pairs = columns.map(
      (column, i) => sql`${sql.identifier(column)} = ${a}.${sql.identifier(referenced[i] ?? '')}`,
    );
    return sql`exists (select 1 from ${sql.raw(tableName)} where ${sql.join(pairs, sql` and `)})`;
  });
  return checks.length === 0 ? sql`false` : sql.join(checks, sql` or `);
}

interface Cutoffs {
  /** Pending assets created, and ready ones detached, before this. */
  age: string;
  /** Confirmed uploads never attached, confirmed before this: the age, but at least ATTACH_GRACE_MS ago. */
  attach: string;
  /** The foreign keys of other tables that hold an asset (referencedElsewhere). */
  referenced: SQL;
}

function staleCondition({ age, attach, referenced }: Cutoffs) {
  const a = serviceAssets;
  const unattached = sql`not exists (select 1 from ${serviceAttachments} where ${serviceAttachments.assetId} = ${a.id})`;
  // detachedAt and awaitingAttachSince are written by toISOString() (markDetached, confirm), so ISO strings
  // compare as text: no cast can fail.
  return sql`(
    (${a.status} = 'pending' and ${a.createdAt} < ${age}::timestamptz)
    or (${a.status} = 'ready'
      and ${a.metadata} ? 'detachedAt'
      and ${a.metadata}->>'detachedAt' < ${age}
      and ${unattached})
    or (${a.status} = 'ready'
      and ${a.metadata} ? 'awaitingAttachSince'
      and not ${a.metadata} ? 'detachedAt'
      and ${a.metadata}->>'awaitingAttachSince' < ${attach}
      and ${unattached})
  ) and not (${referenced})`;
}

async function deleteObjects(keys: readonly string[]): Promise<void> {
  for (let start = 0; start < keys.length; start += DELETE_CONCURRENCY) {
    await Promise.all(keys.slice(start, start + DELETE_CONCURRENCY).map((key) => deleteObject(key)));
  }
}

/** One batch in one transaction: claim, re-check, delete objects, delete rows. */
async function cleanupBatch(cutoffs: Cutoffs, batchSize: number): Promise<{ claimed: number; removed: number }> {
  return transaction(async () => {
    const claimed = await db()
      .select({ id: serviceAssets.id })
      .from(serviceAssets)
      .where(staleCondition(cutoffs))
      .orderBy(asc(serviceAssets.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    if (claimed.length === 0) return { claimed: 0, removed: 0 };
    const ids = sql`${serviceAssets.id} = any(${sql.param(claimed.map((row) => row.id))})`;
    // Re-check in a new statement (a fresh snapshot under READ COMMITTED): an
    // attach that committed while the claim ran makes its asset attached again.
    const stale = await db()
      .select({
        id: serviceAssets.id,
        key: serviceAssets.key,
        stagingKey: serviceAssets.stagingKey,
        multipart: serviceAssets.multipart,
        variants: serviceAssets.variants,
      })
      .from(serviceAssets)
      .where(and(ids, staleCondition(cutoffs)));
    // Abandoned browser multipart uploads: drop their parts first (a store without abort, s3rver, answers false).
    for (const row of stale) {
      if (row.multipart) await abortMultipart(row.stagingKey ?? row.key, row.multipart.uploadId);
    }
    // The object, a pending upload's staging object, and the image variants made from it.
    await deleteObjects(
      stale.flatMap((row) => [
        ...(row.stagingKey ? [row.stagingKey] : []),
        row.key,
        ...Object.values(row.variants).map((variant) => variant.key),
      ]),
    );
    if (stale.length > 0) {
      await db()
        .delete(serviceAssets)
        .where(sql`${serviceAssets.id} = any(${sql.param(stale.map((row) => row.id))})`);
    }
    return { claimed: claimed.length, removed: stale.length };
  });
}

function idColumn(table: AnyTable): PgColumn {
  const column = (getTableColumns(table) as Record<string, PgColumn>).id;
  if (!column) throw new Error('a model table without an id column');
  return column;
}

/** Removes attachments whose record no longer exists; marks their assets detached. Returns how many. */
async function sweepOrphanAttachments(): Promise<number> {
  let swept = 0;
  for (const [modelName, table] of modelsWithSlots()) {
    swept += await transaction(async () => {
      const t = serviceAttachments;
      // A record being destroyed right now is still visible (uncommitted delete): skipped until it commits.
      const rows = await db()
        .delete(t)
        .where(
          sql`${t.attachableType} = ${modelName} and not exists (select 1 from ${table} where ${idColumn(table)} = ${t.attachableId})`,
        )
        .returning({ assetId: t.assetId });
      await markDetached(rows.map((row) => row.assetId));
      return rows.length;
    });
  }
  return swept;
}

/** Removes stale pending, never-attached and long-orphaned assets, then unclaimed staging objects; returns how many assets. */
export async function runAssetCleanup(options: AssetCleanupOptions = {}): Promise<number> {
  const { olderThanMs = DEFAULT_CLEANUP_AGE_MS, batchSize = 100 } = options;
  if (!Number.isFinite(olderThanMs) || olderThanMs < 0) {
    throw new RangeError(
      `runAssetCleanup: olderThanMs must be a non-negative number of milliseconds (got ${olderThanMs})`,
    );
  }
  if (!Number.isSafeInteger(batchSize) || batchSize < 1) {
    throw new RangeError(`runAssetCleanup: batchSize must be a positive integer (got ${batchSize})`);
  }
  const now = Date.now();
  const cutoff = new Date(now - olderThanMs);
  await sweepOrphanAttachments();
  const cutoffs: Cutoffs = {
    age: cutoff.toISOString(),
    attach: new Date(now - Math.max(olderThanMs, ATTACH_GRACE_MS)).toISOString(),
    referenced: await referencedElsewhere(),
  };
  let total = 0;
  for (;;) {
    const { claimed, removed } = await cleanupBatch(cutoffs, batchSize);
    total += removed;
    // A short batch means nothing stale is left unclaimed (other runs hold the rest).
    if (claimed < batchSize) break;
  }
  // After the rows: a pending asset removed above no longer claims its staging key.
  await sweepStagingObjects(cutoff);
  return total;
}
