// demo:file (npm run demo:remove deletes this file)
/**
 * The campaign queries of the hand-written comparison handlers, written
 * straight in drizzle. They issue the same statements as the controller
 * (CampaignController + the model layer), so the benchmark measures what the
 * framework adds, not a different query plan:
 *
 *   index   page of perPage + 1 rows (hasMore), a count stopped at 1,001 rows unless
 *           this is the last page, then the creators (`id = any($1)`), then the
 *           page's logos (one statement, `attachable_id = any($1)`)
 *   get     the campaign, its creator, its logo, its documents (one per slot)
 *   create  one INSERT ... RETURNING
 *   update  load within the team, then UPDATE ... RETURNING
 *   publish load within the team, then UPDATE ... RETURNING for a draft
 *
 * and answer with the same JSON (keys in the same order, ISO dates). Plain
 * drizzle, so every statement goes out unprepared (drizzle-orm #6096): what a
 * hand-written handler gets unless its author names each query.
 */
import { type AnyColumn, and, asc, count, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { db } from '@/db/database';
import { campaigns, serviceAssets, serviceAttachments, users } from '@/db/schema';
import { privateObjectUrl, publicObjectUrl } from '@/server';
import { HttpError } from './httpError';

export const SORTABLE = ['name', 'budget', 'createdAt'] as const;
export const LIST_SCOPES = ['draft', 'active', 'archived', 'notArchived'] as const;
export type SortField = (typeof SORTABLE)[number] | 'id';
export type ListScope = (typeof LIST_SCOPES)[number];

export interface ListQuery {
  page: number;
  perPage: number;
  /** Ends with the `id` tie-breaker. */
  sort: { field: SortField; dir: 'asc' | 'desc' }[];
  scopes: ListScope[];
  status?: string[];
  createdById?: number[];
  search?: string;
}

type CampaignRow = typeof campaigns.$inferSelect;

/** The controller's default count limit (DEFAULT_COUNT_LIMIT). */
const COUNT_LIMIT = 1_000;
type Creator = { id: number; name: string };

const columns = getTableColumns(campaigns);
const SORT_COLUMNS = {
  name: campaigns.name,
  budget: campaigns.budget,
  createdAt: campaigns.createdAt,
  id: campaigns.id,
};
const SCOPE_SQL: Record<ListScope, SQL> = {
  draft: eq(campaigns.status, 'draft'),
  active: eq(campaigns.status, 'active'),
  archived: eq(campaigns.status, 'archived'),
  notArchived: sql`${campaigns.status} <> 'archived'`,
};

/** `= any($1)`: one array parameter, however many values. */
function anyOf(column: AnyColumn, values: unknown[]): SQL {
  return sql`${column} = any(${sql.param(values)})`;
}

async function creatorsOf(rows: readonly CampaignRow[]): Promise<Map<number, Creator>> {
  const ids = [...new Set(rows.map((row) => row.createdById).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const found = await db().select({ id: users.id, name: users.name }).from(users).where(anyOf(users.id, ids));
  return new Map(found.map((user) => [user.id, user]));
}

export async function listCampaigns(teamId: number, query: ListQuery) {
  const conditions: SQL[] = [eq(campaigns.teamId, teamId), ...query.scopes.map((scope) => SCOPE_SQL[scope])];
  if (query.search) {
    const term = query.search.replace(/[\\%_]/g, (char) => `\\${char}`);
    conditions.push(sql`${campaigns.name} ilike ${`%${term}%`} escape '\\'`);
  }
  if (query.status) conditions.push(anyOf(campaigns.status, query.status));
  if (query.createdById) conditions.push(anyOf(campaigns.createdById, query.createdById));
  const where = and(...conditions);
  const offset = (query.page - 1) * query.perPage;
  const rows = await db()
    .select(columns)
    .from(campaigns)
    .where(where)
    .orderBy(...query.sort.map(({ field, dir }) => (dir === 'asc' ? asc : desc)(SORT_COLUMNS[field])))
    .limit(query.perPage + 1)
    .offset(offset);
  const hasMore = rows.length > query.perPage;
  if (hasMore) rows.length = query.perPage;
  let totalCount = offset + rows.length;
  let totalCountCapped = false;
  if (hasMore || (rows.length === 0 && query.page > 1)) {
    // Count at most COUNT_LIMIT + 1 rows, like the controller's default.
    const limited = db()
      .select({ one: sql`1` })
      .from(campaigns)
      .where(where)
      .limit(COUNT_LIMIT + 1)
      .as('counted');
    const counted = (await db().select({ n: count() }).from(limited))[0]?.n ?? 0;
    const seen = rows.length > 0 ? offset + rows.length + (hasMore ? 1 : 0) : 0;
    totalCountCapped = counted > COUNT_LIMIT;
    totalCount = totalCountCapped ? Math.max(COUNT_LIMIT, seen) : counted;
  }
  const creators = await creatorsOf(rows);
  const logos = await slotAssets(
    rows.map((row) => row.id),
    'logo',
  );
  return {
    data: rows.map((row) => ({
      ...row,
      creator: creators.get(row.createdById as number) ?? null,
      logo: logos.get(row.id)?.[0] ?? null,
    })),
    pagination: { page: query.page, perPage: query.perPage, totalCount, totalCountCapped, hasMore },
  };
}

async function findCampaign(teamId: number, id: number): Promise<CampaignRow> {
  const [row] = await db()
    .select(columns)
    .from(campaigns)
    .where(and(eq(campaigns.teamId, teamId), eq(campaigns.id, id)))
    .limit(1);
  if (!row) throw new HttpError(404, 'NOT_FOUND', 'Campaign not found');
  return row;
}

type AssetRow = Pick<
  typeof serviceAssets.$inferSelect,
  | 'id'
  | 'key'
  | 'filename'
  | 'contentType'
  | 'byteSize'
  | 'checksum'
  | 'checksumSha256'
  | 'width'
  | 'height'
  | 'placeholder'
  | 'variantsStatus'
  | 'variantsError'
  | 'variants'
  | 'status'
  | 'access'
  | 'createdAt'
>;

// What an asset's JSON shows, in the controller's key order (server/storage/Asset.ts), plus where it lives.
const assetColumns = {
  id: serviceAssets.id,
  filename: serviceAssets.filename,
  contentType: serviceAssets.contentType,
  byteSize: serviceAssets.byteSize,
  checksum: serviceAssets.checksum,
  checksumSha256: serviceAssets.checksumSha256,
  width: serviceAssets.width,
  height: serviceAssets.height,
  placeholder: serviceAssets.placeholder,
  variantsStatus: serviceAssets.variantsStatus,
  variantsError: serviceAssets.variantsError,
  status: serviceAssets.status,
  access: serviceAssets.access,
  createdAt: serviceAssets.createdAt,
  key: serviceAssets.key,
  variants: serviceAssets.variants,
};

/** Public: the plain URL; private: a presigned GET downloading under `filename`. */
function signedUrl(access: string, key: string, filename: string): Promise<string> | string {
  return access === 'public' ? publicObjectUrl(key) : privateObjectUrl(key, filename);
}

/** An asset as the controller serialises it: its URL and each variant's signed (ready assets only). */
async function assetJson({ key, variants, ...asset }: AssetRow) {
  const ready = asset.status === 'ready';
  const signedVariants: Record<string, { url: string | null; width: number; height: number; contentType: string }> = {};
  for (const [name, variant] of Object.entries(variants ?? {})) {
    // A private variant downloads as `<name>.<variant>.<ext>` (logo.thumb.webp), as Asset#withUrl names it.
    const filename = `${asset.filename.replace(/\.[^.]*$/, '')}.${variant.key.split('.').slice(-2).join('.')}`;
    signedVariants[name] = {
      url: ready ? await signedUrl(asset.access, variant.key, filename) : null,
      width: variant.width,
      height: variant.height,
      contentType: variant.contentType,
    };
  }
  return { ...asset, url: ready ? await signedUrl(asset.access, key, asset.filename) : null, variants: signedVariants };
}

/**
 * The assets in one slot of the given campaigns, by campaign id, in position order, with their URLs:
 * ONE statement however many campaigns (an equality for one, `= any($1)` for several, like the controller).
 */
async function slotAssets(campaignIds: readonly number[], slot: 'logo' | 'documents') {
  const grouped = new Map<number, Awaited<ReturnType<typeof assetJson>>[]>();
  if (campaignIds.length === 0) return grouped;
  const rows = await db()
    .select({ ownerId: serviceAttachments.attachableId, asset: assetColumns })
    .from(serviceAttachments)
    .innerJoin(serviceAssets, eq(serviceAssets.id, serviceAttachments.assetId))
    .where(
      and(
        eq(serviceAttachments.attachableType, 'Campaign'),
        eq(serviceAttachments.name, slot),
        campaignIds.length === 1
          ? eq(serviceAttachments.attachableId, campaignIds[0] as number)
          : anyOf(serviceAttachments.attachableId, [...campaignIds]),
      ),
    )
    .orderBy(asc(serviceAttachments.attachableId), asc(serviceAttachments.position), asc(serviceAttachments.id));
  for (const row of rows) {
    const group = grouped.get(row.ownerId) ?? [];
    group.push(await assetJson(row.asset));
    grouped.set(row.ownerId, group);
  }
  return grouped;
}

export async function showCampaign(teamId: number, id: number) {
  const row = await findCampaign(teamId, id);
  const creators = await creatorsOf([row]);
  const logo = (await slotAssets([row.id], 'logo')).get(row.id)?.[0] ?? null;
  const documents = (await slotAssets([row.id], 'documents')).get(row.id) ?? [];
  return { ...row, creator: creators.get(row.createdById as number) ?? null, logo, documents };
}

export interface CampaignData {
  name?: string;
  budget?: number | null;
  status?: 'draft' | 'active' | 'archived';
}

export async function insertCampaign(teamId: number, userId: number, data: CampaignData) {
  const [row] = await db()
    .insert(campaigns)
    .values({ ...data, name: data.name as string, teamId, createdById: userId })
    .returning();
  return row as CampaignRow;
}

export async function updateCampaign(teamId: number, id: number, data: CampaignData) {
  const current = await findCampaign(teamId, id);
  if (Object.keys(data).length === 0) return current;
  const [row] = await db()
    .update(campaigns)
    .set({ ...data, updatedAt: sql`now()` })
    .where(eq(campaigns.id, current.id))
    .returning();
  return row as CampaignRow;
}

/** draft -> active with publishedAt; active stays; archived is a 422 (as Campaign#publish). */
export async function publishCampaign(teamId: number, id: number) {
  const current = await findCampaign(teamId, id);
  if (current.status === 'archived') {
    throw new HttpError(422, 'UNPROCESSABLE_ENTITY', 'Validation failed', {
      base: ['An archived campaign cannot be published'],
    });
  }
  if (current.status === 'active') return current;
  const [row] = await db()
    .update(campaigns)
    .set({ status: 'active', publishedAt: new Date(), updatedAt: sql`now()` })
    .where(eq(campaigns.id, current.id))
    .returning();
  return row as CampaignRow;
}
