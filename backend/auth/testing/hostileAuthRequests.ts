/**
 * Requests for the hostile-input tests of /api/auth/* and /api/session
 * (backend/auth/authRoutes.hostile*.test.ts): each one as a browser on this
 * site sends it, from an address of its own, and the checks every refusal
 * must pass (a 4xx in the API's error format, nothing leaked, no session
 * cookie) and the state no refusal may change.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createSessionRoutes } from '@/backend/sessionRoutes';
import { db } from '@/db/database';
import { accounts, sessions, users, verifications } from '@/db/schema';
import { env } from '@/env';
import { MiB, STATUS_BY_CODE } from '@/server';
import { createAuthRoutes } from '../authRoutes';
import { authSecret } from '../authSecret';

const authRoutes = createAuthRoutes();
export const sessionRoutes = createSessionRoutes({ enabled: true, loopbackOnly: false, loopbackHostOnly: false });
export const ORIGIN = 'http://localhost';
export const JSON_TYPE = 'application/json';

/** The session cookie a response sets, as a request sends it back. */
export const cookieFrom = (response: Response) => (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

// Every request comes from an address of its own, so the sign-up and failed
// sign-in limits (tested elsewhere) never answer 429 here.
let ipCounter = 0;
function nextIp(): string {
  ipCounter++;
  return `198.18.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export interface Init {
  method?: string;
  /** A string or bytes are sent as is; anything else is JSON-encoded; `null` sends no body. */
  body?: unknown;
  /** `null` sends no Content-Type. */
  contentType?: string | null;
  cookie?: string;
  headers?: Record<string, string>;
}

let emailCounter = 0;
/** An address no other account of this test file has: `image-3@example.com`. */
export const uniqueEmail = (prefix: string) => `${prefix}-${++emailCounter}@example.com`;

/** A request to /api/auth<path> as a browser on this site sends it (same Origin). */
export function authCall(path: string, init: Init = {}): Promise<Response> {
  const method = init.method ?? 'POST';
  const body =
    init.body === undefined || init.body === null
      ? undefined
      : typeof init.body === 'string' || init.body instanceof Uint8Array
        ? init.body
        : JSON.stringify(init.body);
  const headers: Record<string, string> = { origin: ORIGIN, 'x-forwarded-for': nextIp() };
  const contentType = init.contentType === undefined ? (body === undefined ? null : JSON_TYPE) : init.contentType;
  if (contentType !== null) headers['content-type'] = contentType;
  if (init.cookie) headers.cookie = init.cookie;
  Object.assign(headers, init.headers);
  // An empty value removes the header (e.g. `origin: ''`: a request without Origin).
  for (const [name, value] of Object.entries(headers)) if (value === '') delete headers[name];
  const request = new Request(`${ORIGIN}/api/auth${path}`, { method, headers, body: body as BodyInit | undefined });
  return method === 'GET' || method === 'HEAD' ? authRoutes.GET(request) : authRoutes.POST(request);
}

export const post = (path: string, body: unknown, init: Omit<Init, 'body'> = {}) => authCall(path, { ...init, body });

export function me(cookie: string): Promise<Response> {
  return sessionRoutes.GET(new Request(`${ORIGIN}/api/session`, { headers: { cookie } }));
}

/** Text that must never reach a client: stack frames, driver and SQL text, secrets. */
function leaks(text: string): string[] {
  const found: string[] = [];
  const secrets = [authSecret(), env.SESSION_SECRET].filter((s): s is string => Boolean(s));
  for (const secret of secrets) if (text.includes(secret)) found.push('a secret');
  for (const pattern of [
    /\bat .+:\d+:\d+/, // stack frame
    /node_modules|\.m?[jt]s:\d+/,
    /postgres|drizzle|invalid byte sequence|violates|syntax error|relation "|value too long/i,
    /\bselect\b.+\bfrom\b|\binsert into\b/i,
    /\$2[aby]\$|scrypt|[0-9a-f]{32}:[0-9a-f]{64}/i, // password hashes
  ]) {
    if (pattern.test(text)) found.push(String(pattern));
  }
  return found;
}

/** A refused request: one of `statuses`, the API's error body, nothing leaked, no session cookie. */
export async function expectRefused(response: Response, statuses: number | number[], label: string): Promise<void> {
  const text = await response.text();
  const allowed = [statuses].flat();
  expect(allowed, `${label}: answered ${response.status} ${text.slice(0, 300)}`).toContain(response.status);
  expect(response.headers.get('content-type'), label).toMatch(/^application\/json/);
  const body = JSON.parse(text) as { error?: Record<string, unknown> };
  expect(body, label).toEqual({
    error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
  });
  const extra = Object.keys(body.error ?? {}).filter((key) => key !== 'code' && key !== 'message' && key !== 'fields');
  expect(extra, label).toEqual([]);
  expect(STATUS_BY_CODE[body.error?.code as keyof typeof STATUS_BY_CODE], `${label}: code`).toBe(response.status);
  expect(leaks(text), label).toEqual([]);
  expect(response.headers.get('set-cookie') ?? '', `${label}: set-cookie`).not.toMatch(/app_session=[^;]/);
}

/** Everything a hostile request could damage, in a comparable form. */
export async function accountState() {
  const database = db();
  return {
    users: await database.select().from(users).orderBy(users.id),
    accounts: await database
      .select({ id: accounts.id, userId: accounts.userId, password: accounts.password, updatedAt: accounts.updatedAt })
      .from(accounts)
      .orderBy(accounts.id),
    sessions: await database
      .select({ id: sessions.id, token: sessions.token, expiresAt: sessions.expiresAt })
      .from(sessions)
      .orderBy(sessions.id),
    verifications: await database.select().from(verifications).orderBy(verifications.id),
  };
}

export async function userByEmail(email: string) {
  const [row] = await db().select().from(users).where(eq(users.email, email));
  return row;
}

export async function signUp(name: string, email: string, password: string): Promise<{ id: number; cookie: string }> {
  const response = await post('/sign-up/email', { name, email, password });
  expect(response.status, await response.clone().text()).toBe(200);
  const row = await userByEmail(email);
  return { id: row?.id as number, cookie: cookieFrom(response) };
}

export async function signInStatus(email: string, password: string): Promise<number> {
  return (await post('/sign-in/email', { email, password })).status;
}

export async function signInCookie(email: string, password: string): Promise<string> {
  const response = await post('/sign-in/email', { email, password });
  expect(response.status, await response.clone().text()).toBe(200);
  return cookieFrom(response);
}

/** The session token a cookie names (its signature dropped). */
export function tokenOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  return value.slice(0, value.lastIndexOf('.'));
}

/** The API's body limit: DEFAULT_BODY_LIMIT in server/http/readJsonBody.ts (not exported by @/server). */
const DEFAULT_BODY_LIMIT = MiB;

/** A valid JSON object one byte over the body limit. */
export function oversizeBody(): string {
  const padding = DEFAULT_BODY_LIMIT + 1 - '{"email":"a@example.com","password":"long enough","pad":""}'.length;
  return `{"email":"a@example.com","password":"long enough","pad":"${'x'.repeat(padding)}"}`;
}

export const DEEP = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
