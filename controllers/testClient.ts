/**
 * Test helpers (not used by the app): sign in through the real
 * POST /api/session and call the API handler with real Requests, carrying the
 * session cookie like a browser would.
 */

import { createSessionRoutes } from '@/backend/sessionRoutes';
import { demoSeeder } from '@/db/demoSeed';
import { Campaign, Membership, Team, User } from '@/db/models';
import { handler } from './index';

export const sessionRoutes = createSessionRoutes({ enabled: true, loopbackOnly: false, loopbackHostOnly: false });

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

async function read<T>(response: Response): Promise<ApiResponse<T>> {
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}

/** `name=value` for a Cookie header, from a response's Set-Cookie. */
export function cookieFrom(response: { headers: Headers }): string {
  const setCookie = response.headers.get('set-cookie') ?? '';
  return setCookie.split(';')[0] ?? '';
}

/** Signs in through POST /api/session; returns the Cookie header to send afterwards. */
export async function signIn(email: string): Promise<string> {
  const response = await sessionRoutes.POST(
    new Request('http://localhost/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    }),
  );
  if (response.status !== 200) throw new Error(`sign-in as ${email} failed: ${response.status}`);
  return cookieFrom(response);
}

export interface CallOptions {
  cookie?: string;
  /** An API key token, sent as `Authorization: Bearer <token>`. */
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** `api('GET', '/teams/1/members', { cookie })`: one request through the app's handler. */
export async function api<T = unknown>(
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  return read<T>(await handler(new Request(`http://localhost/api${path}`, { method, headers, body })));
}

/** An API key of a team, and a `fetch` that hands each Request to the app's handler (see apiKeyFetch). */
export interface ApiKeyFetch {
  token: string;
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  /** Each request's `METHOD /path?query`, in order. */
  requests: string[];
}

/**
 * Creates an API key of `teamId` as the signed-in `cookie`, and a `fetch` for an outside client (openapi-fetch,
 * a script): the app's handler stands in for the network, same Requests, no server to start. A request sent
 * without the key's `Authorization: Bearer` header is refused here, so a client that forgets it fails.
 */
export async function apiKeyFetch(teamId: number, cookie: string, name = 'outside script'): Promise<ApiKeyFetch> {
  const key = await api<{ token: string }>('POST', `/teams/${teamId}/api-keys`, { cookie, body: { data: { name } } });
  if (key.status !== 201) throw new Error(`creating an API key answered ${key.status}: ${JSON.stringify(key.body)}`);
  const { token } = key.body;
  const requests: string[] = [];
  const fetchApp = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    if (request.headers.get('authorization') !== `Bearer ${token}`) {
      throw new Error(`${request.method} ${url.pathname} was sent without the API key`);
    }
    return handler(request);
  };
  return { token, fetch: fetchApp, requests };
}

export interface DemoWorld {
  acme: Team;
  globex: Team;
  alice: string;
  bob: string;
  carol: string;
}

/** Seeds the demo data (the real db/seed) and signs Alice, Bob and Carol in. */
export async function seedDemo(): Promise<DemoWorld> {
  await demoSeeder.run();
  const [acme, globex] = await Promise.all([Team.findBy({ name: 'Acme' }), Team.findBy({ name: 'Globex' })]);
  if (!acme || !globex) throw new Error('demo teams missing');
  const [alice, bob, carol] = await Promise.all(
    ['alice@example.com', 'bob@example.com', 'carol@example.com'].map(signIn),
  );
  return { acme, globex, alice: alice as string, bob: bob as string, carol: carol as string };
}

// demo:begin
/** A campaign of `teamId` with the given attributes (skips the API). */
export async function makeCampaign(teamId: number, attributes: Partial<Campaign['attributes']>): Promise<Campaign> {
  const campaign = await Campaign.create({ teamId, name: 'Fixture', ...attributes });
  if (!campaign.isPersisted) throw new Error(`fixture campaign invalid: ${JSON.stringify(campaign.errors)}`);
  return campaign;
}
// demo:end

/** A team of its own (Alice owner, Bob member), so counts do not depend on the seed. Returns its id. */
export async function makeTeam(name: string): Promise<number> {
  const team = await Team.create({ name });
  const [alice, bob] = await Promise.all([
    User.findBy({ email: 'alice@example.com' }),
    User.findBy({ email: 'bob@example.com' }),
  ]);
  if (!alice || !bob) throw new Error('seed the demo first');
  await Membership.create({ teamId: team.id, userId: alice.id, role: 'owner' });
  await Membership.create({ teamId: team.id, userId: bob.id, role: 'member' });
  return team.id;
}
