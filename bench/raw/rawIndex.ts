// demo:file (npm run demo:remove deletes this file)
/**
 * The raw anchor's work, apart from any HTTP server: GET
 * /teams/:teamId/campaigns?page=&perPage= (newest first, archived left out)
 * with postgres.js, no framework, every statement prepared (postgres.js's
 * default for tagged queries), the same statements and the same JSON as the
 * controller: the session cookie's signature checked, the live session and the
 * membership in one statement, the page of perPage + 1 rows, a count stopped
 * at 1,001 rows unless this is the last page, the creators, the page's logos
 * (one statement; the logo slot is public, so their URLs are plain, unsigned).
 *
 * Served by node:http in rawServer.ts (the anchor, e) and by a Next route in
 * the bench's app (bench/routes/api/bench/raw: the same code inside Next, f),
 * so the bench can tell Next's own share from the framework's.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import postgres from 'postgres';

const COUNT_LIMIT = 1_000;
const SESSION_COOKIE = 'app_session';

const { DATABASE_URL, SESSION_SECRET, S3_PUBLIC_URL_BASE, S3_ENDPOINT, S3_BUCKET } = process.env;
let sql: postgres.Sql;
let connected = false;
// The key backend/auth/authSecret.ts derives from SESSION_SECRET, and the cookie format it signs.
let AUTH_SECRET: string;

/** Connects at first use: `next build` imports the bench's route without serving it. */
function connect(): void {
  if (connected) return;
  if (!DATABASE_URL || !SESSION_SECRET) throw new Error('DATABASE_URL and SESSION_SECRET are required');
  if (!S3_PUBLIC_URL_BASE && !(S3_ENDPOINT && S3_BUCKET))
    throw new Error('S3_PUBLIC_URL_BASE or S3_ENDPOINT and S3_BUCKET');
  sql = postgres(DATABASE_URL, { max: 10, onnotice: () => {} });
  connected = true;
  AUTH_SECRET = Buffer.from(hkdfSync('sha256', SESSION_SECRET, '', 'app_session/better-auth', 32)).toString('hex');
}

/** A public object's URL, as server/storage/objectUrls.ts builds it with publicUrlBase or an endpoint. */
function publicUrl(key: string): string {
  const path = key.split('/').map(encodeURIComponent).join('/');
  return S3_PUBLIC_URL_BASE ? `${S3_PUBLIC_URL_BASE}/${path}` : `${S3_ENDPOINT}/${S3_BUCKET}/${path}`;
}

interface LogoRow {
  ownerId: number;
  key: string;
  status: string;
  variants: Record<string, { key: string; width: number; height: number; contentType: string }>;
  [column: string]: unknown;
}

/** The page's logos by campaign id: ONE statement, the asset's JSON as the controller writes it (Asset#toJSON). */
async function logosOf(ids: readonly number[]) {
  const logos = new Map<number, Record<string, unknown>>();
  if (ids.length === 0) return logos;
  const rows = await sql<LogoRow[]>`
    select t.attachable_id as "ownerId", a.id, a.filename, a.content_type as "contentType",
           a.byte_size::float8 as "byteSize", a.checksum, a.checksum_sha256 as "checksumSha256", a.width, a.height,
           a.placeholder, a.variants_status as "variantsStatus", a.variants_error as "variantsError", a.status,
           a.access, a.created_at as "createdAt", a.key, a.variants
    from service_attachments t join service_assets a on a.id = t.asset_id
    where t.attachable_type = 'Campaign' and t.name = 'logo' and t.attachable_id = any(${ids as number[]})
    order by t.attachable_id, t.position, t.id`;
  for (const { ownerId, key, variants, ...asset } of rows) {
    if (logos.has(ownerId)) continue; // a has-one slot shows its first attachment
    const ready = asset.status === 'ready';
    const shown = Object.entries(variants).map(([name, variant]) => [
      name,
      {
        url: ready ? publicUrl(variant.key) : null,
        width: variant.width,
        height: variant.height,
        contentType: variant.contentType,
      },
    ]);
    logos.set(ownerId, { ...asset, url: ready ? publicUrl(key) : null, variants: Object.fromEntries(shown) });
  }
  return logos;
}

interface CampaignRow {
  id: number;
  createdById: number | null;
  [column: string]: unknown;
}

function sessionTokenOf(cookie: string): string | null {
  const match = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]+)`).exec(cookie);
  if (!match?.[1]) return null;
  const value = decodeURIComponent(match[1]);
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const presented = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', AUTH_SECRET).update(token).digest('base64'));
  return presented.length === expected.length && timingSafeEqual(presented, expected) ? token : null;
}

async function index(teamId: number, page: number, perPage: number) {
  const offset = (page - 1) * perPage;
  const rows = await sql<CampaignRow[]>`
    select id, team_id as "teamId", name, budget, status, created_by_id as "createdById",
           published_at as "publishedAt", created_at as "createdAt", updated_at as "updatedAt"
    from campaigns where team_id = ${teamId} and status <> 'archived'
    order by created_at desc, id desc limit ${perPage + 1} offset ${offset}`;
  const hasMore = rows.length > perPage;
  const data = hasMore ? rows.slice(0, perPage) : [...rows];
  let totalCount = offset + data.length;
  let totalCountCapped = false;
  if (hasMore || (data.length === 0 && page > 1)) {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from (select 1 from campaigns where team_id = ${teamId} and status <> 'archived'
      limit ${COUNT_LIMIT + 1}) counted`;
    const counted = row?.n ?? 0;
    const seen = data.length > 0 ? offset + data.length + (hasMore ? 1 : 0) : 0;
    totalCountCapped = counted > COUNT_LIMIT;
    totalCount = totalCountCapped ? Math.max(COUNT_LIMIT, seen) : counted;
  }
  const ids = [...new Set(data.map((row) => row.createdById).filter((id): id is number => id !== null))];
  const creators = new Map<number, { id: number; name: string }>();
  if (ids.length > 0) {
    for (const user of await sql<{ id: number; name: string }[]>`select id, name from users where id = any(${ids})`) {
      creators.set(user.id, user);
    }
  }
  const logos = await logosOf(data.map((row) => row.id));
  return {
    data: data.map((row) => ({
      ...row,
      creator: creators.get(row.createdById as number) ?? null,
      logo: logos.get(row.id) ?? null,
    })),
    pagination: { page, perPage, totalCount, totalCountCapped, hasMore },
  };
}

export interface RawAnswer {
  status: number;
  body: unknown;
}

/** The answer to `method` on `url` (pathname /teams/:teamId/campaigns) with the request's Cookie header. */
export async function answerIndex(method: string, url: URL, cookie: string): Promise<RawAnswer> {
  const match = /\/teams\/([1-9]\d{0,9})\/campaigns$/.exec(url.pathname);
  if (method !== 'GET' || !match) return { status: 404, body: { error: 'NOT_FOUND' } };
  connect();
  const token = sessionTokenOf(cookie);
  const teamId = Number(match[1]);
  const [session] = token
    ? await sql`select m.role from sessions s
        left join memberships m on m.user_id = s.user_id and m.team_id = ${teamId}
        where s.token = ${token} and s.expires_at > now()`
    : [];
  if (!session) return { status: 401, body: { error: 'UNAUTHORIZED' } };
  if (!session.role) return { status: 404, body: { error: 'NOT_FOUND' } };
  const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
  const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('perPage') ?? 20) || 20));
  return { status: 200, body: await index(teamId, page, perPage) };
}
