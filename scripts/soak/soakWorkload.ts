// demo:file (npm run demo:remove deletes this file)
/**
 * The soak's traffic: `clients` loops of mixed requests (list, get, create,
 * update, publish, stats, sign-in/out) and one loop uploading logos at a
 * steady rate (presign, PUT, confirm, attach), all over loopback HTTP, each
 * request timed and recorded. Every acknowledged write goes to a ledger of
 * what each campaign must read back as; a write that got no answer may or
 * may not have happened, so both values are accepted for it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { RequestRecord } from './soakReport';

export interface Expected {
  /** Names the campaign may have: the last acknowledged one, plus any sent without an answer since. */
  names: Set<string>;
  /** Set once a publish was acknowledged. */
  published: boolean;
}

export interface Ledger {
  campaigns: Map<number, Expected>;
  /** Assets whose confirm was acknowledged (their thumbnails are awaited at the end). */
  uploads: number[];
}

export interface WorkloadContext {
  baseUrl: string;
  teamId: number;
  /** Existing campaigns to read (never written by the soak, so reads of them cannot conflict). */
  readIds: readonly number[];
  cookies: readonly string[];
  logo: Buffer;
  records: RequestRecord[];
  ledger: Ledger;
  origin: number;
}

const REQUEST_TIMEOUT_MS = 30_000;

async function request(
  ctx: WorkloadContext,
  route: string,
  method: string,
  path: string,
  options: {
    cookie?: string;
    body?: unknown;
    url?: string;
    raw?: Uint8Array<ArrayBuffer>;
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; body: unknown; headers: Headers | null }> {
  const startMs = performance.now() - ctx.origin;
  let status = 0;
  let body: unknown = null;
  let headers: Headers | null = null;
  try {
    const response = await fetch(options.url ?? `${ctx.baseUrl}${path}`, {
      method,
      headers: {
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    status = response.status;
    headers = response.headers;
    const text = await response.text();
    body = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  } catch {
    status = 0; // no answer: reset, refused or timed out
  }
  ctx.records.push({ route, status, startMs, endMs: performance.now() - ctx.origin });
  return { status, body, headers };
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** One client: weighted random operations until `deadline` (performance.now()). */
export async function mixedClient(ctx: WorkloadContext, client: number, deadline: number): Promise<void> {
  const cookie = ctx.cookies[client % ctx.cookies.length] as string;
  const base = `/api/teams/${ctx.teamId}/campaigns`;
  const own: number[] = [];
  let n = 0;
  while (performance.now() < deadline) {
    n += 1;
    const roll = Math.random();
    if (roll < 0.3) {
      await request(ctx, 'list', 'GET', `${base}?page=${1 + (n % 5)}&perPage=25&sort=-createdAt`, { cookie });
    } else if (roll < 0.5) {
      await request(ctx, 'get', 'GET', `${base}/${pick(ctx.readIds)}`, { cookie });
    } else if (roll < 0.6) {
      await request(ctx, 'stats', 'GET', `${base}/stats`, { cookie });
    } else if (roll < 0.72 || own.length === 0) {
      const name = `Soak ${client}-${n}`;
      const created = await request(ctx, 'create', 'POST', base, { cookie, body: { data: { name, budget: n } } });
      const id = (created.body as { id?: number } | null)?.id;
      if (created.status === 201 && typeof id === 'number') {
        own.push(id);
        ctx.ledger.campaigns.set(id, { names: new Set([name]), published: false });
      }
    } else if (roll < 0.9) {
      const id = pick(own);
      const expected = ctx.ledger.campaigns.get(id) as Expected;
      const name = `Soak ${client}-${n} renamed`;
      const updated = await request(ctx, 'update', 'PATCH', `${base}/${id}`, { cookie, body: { data: { name } } });
      if (updated.status === 200) expected.names = new Set([name]);
      else if (updated.status === 0 || updated.status >= 500) expected.names.add(name);
    } else if (roll < 0.95) {
      const id = pick(own);
      const published = await request(ctx, 'publish', 'POST', `${base}/${id}/publish`, { cookie });
      if (published.status === 200) (ctx.ledger.campaigns.get(id) as Expected).published = true;
    } else {
      // A session of its own: sign in, read who we are, sign out.
      const signedIn = await request(ctx, 'sign-in', 'POST', '/api/session', { body: { email: 'bob@example.com' } });
      const session = signedIn.headers?.get('set-cookie')?.split(';')[0];
      if (signedIn.status === 200 && session) {
        await request(ctx, 'session', 'GET', '/api/session', { cookie: session });
        await request(ctx, 'sign-out', 'DELETE', '/api/session', { cookie: session });
      }
    }
  }
}

/**
 * Uploads in flight at most: a slow confirm (a fault) must not turn the
 * steady rate into a pile-up. Kept low for s3rver: it removes a folder once
 * empty, and a PUT into that folder at the same moment crashes it (ENOENT).
 */
const UPLOADS_IN_FLIGHT = 2;

/** Logo uploads started at `perSecond` (presign, PUT, confirm, attach), at most 2 at once. */
export async function uploadClient(ctx: WorkloadContext, perSecond: number, deadline: number): Promise<void> {
  const gapMs = 1_000 / perSecond;
  const inFlight = new Set<Promise<void>>();
  let next = performance.now();
  while (performance.now() < deadline) {
    if (inFlight.size < UPLOADS_IN_FLIGHT) {
      const upload = uploadLogo(ctx).finally(() => inFlight.delete(upload));
      inFlight.add(upload);
    }
    next += gapMs;
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
    else next = performance.now(); // fell behind (a fault): no catch-up burst
  }
  await Promise.all(inFlight);
}

async function uploadLogo(ctx: WorkloadContext): Promise<void> {
  const cookie = ctx.cookies[0] as string;
  const team = `/api/teams/${ctx.teamId}`;
  const presigned = await request(ctx, 'presign', 'POST', `${team}/uploads/presign`, {
    cookie,
    body: { filename: 'logo.png', contentType: 'image/png', byteSize: ctx.logo.byteLength, slot: 'Campaign.logo' },
  });
  const body = presigned.body as { asset?: { id: number }; uploadUrl?: string; headers?: Record<string, string> };
  if (presigned.status !== 200 || !body.asset || !body.uploadUrl) return;
  const put = await request(ctx, 'put (s3)', 'PUT', '', {
    url: body.uploadUrl,
    raw: new Uint8Array(ctx.logo),
    headers: body.headers ?? {},
  });
  if (put.status !== 200) return;
  const confirmed = await request(ctx, 'confirm', 'POST', `${team}/uploads/confirm`, {
    cookie,
    body: { assetId: body.asset.id },
  });
  if (confirmed.status !== 200) return;
  ctx.ledger.uploads.push(body.asset.id);
  await request(ctx, 'attach', 'POST', `${team}/campaigns/${pick(ctx.readIds)}/attach`, {
    cookie,
    body: { slot: 'logo', assetId: body.asset.id },
  });
}
