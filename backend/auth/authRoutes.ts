/**
 * /api/auth/*: better-auth's endpoints (sign-up, password sign-in, sign-out,
 * sessions, change and reset password), behind the app's own rules:
 *
 * - rate limits in PostgreSQL (backend/rateLimit): wrong passwords
 *   per (account, IP) and per IP (at sign-in, change-password,
 *   verify-password and delete-user alike; other refusals do not count), sign-ups per IP, reset and
 *   verification mails per address (silently: the usual answer, no mail)
 *   and per IP (429), email changes per user (mailLimits.ts);
 * - `Cache-Control: no-store` on every answer (tokens, session lists);
 * - the API's one error format: better-auth's `{code, message}` errors are
 *   answered as `{error: {code, message}}` like every other route;
 * - Secure on its cookies when the request came over https;
 * - the API's request rules on every POST (a hostile-input review found each
 *   missing; backend/auth/authRoutes.hostile*.test.ts): cross-site 403,
 *   JSON bodies only (1 MB, depth 64, no U+0000), emails and names trimmed, names held to
 *   the User model's own rules (an unsaved User judges them: visible, one line, within the
 *   column), `image` an http(s) URL, a new password not blank once trimmed, redirect targets
 *   on this site.
 *
 * The route file (app/api/auth/[...all]/route.ts) only binds these handlers.
 */
import { sql } from 'drizzle-orm';
import { db } from '@/db/database';
import { User } from '@/db/models';
import { users } from '@/db/schema';
import { env } from '@/env';
import { apiRoute, assertSameOrigin, BadRequest, Forbidden, jsonResponse, readJsonBody, transaction } from '@/server';
import { appOrigin } from '../appOrigin';
import { clientIp, rateLimit } from '../rateLimit';
import { assertAccountDeletionProof } from './accountDeletionProof';
import { auth } from './auth';
import { inApiErrorFormat, withHeadersOf } from './inApiErrorFormat';
import { limitMailRequest } from './mailLimits';
import { PASSWORD_CHECK_PATHS, passwordCheckWithLimits, signInWithLimits } from './passwordAttempts';
import { secureCookies } from './sessionCookie';

/** The email column's own length (db/schema.ts). A name is judged by the User model itself. */
// drizzle's column type does not show varchar's `length`; the column object has it (as validateRecord reads it).
const MAX_EMAIL_LENGTH = (users.email as { length?: number }).length ?? Number.POSITIVE_INFINITY;
/** A profile picture's URL: the length browsers and CDNs reliably handle (the column is text, so no limit of its own). */
const MAX_IMAGE_URL_LENGTH = 2048;

/**
 * The field that sets a new password, by endpoint. better-auth counts characters only, so eight spaces
 * made a password; one that is blank once trimmed is refused here. Sign-in and a current password are
 * not judged: an account that got such a password before this rule can still sign in and change it.
 */
const NEW_PASSWORD_FIELD_BY_PATH = new Map([
  ['/sign-up/email', 'password'],
  ['/change-password', 'newPassword'],
  ['/reset-password', 'newPassword'],
  ['/set-password', 'newPassword'],
]);

/** Fields better-auth redirects to or puts into a mailed link. */
const REDIRECT_FIELDS = ['callbackURL', 'redirectTo', 'newUserCallbackURL', 'errorCallbackURL'] as const;

/**
 * What a path may not contain: URL parsers drop tabs and line breaks and read `\\` as `/`, so
 * `/<TAB>/evil.example` is `//evil.example` to a browser and to better-auth's redirect. better-auth's
 * own check refuses it, but where that check is off (NODE_ENV=test) this one let a reset link carry its
 * token there.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
const UNSAFE_IN_PATH = /[\u0000-\u001f\u007f\\]/;
const PATH_BASE = 'http://path.invalid';

/** A path on this site, or a URL of the app's origin (backend/appOrigin.ts). */
function isLocalUrl(request: Request, value: string): boolean {
  if (value.startsWith('/')) {
    if (value.startsWith('//') || UNSAFE_IN_PATH.test(value)) return false;
    return URL.canParse(value, PATH_BASE) && new URL(value, PATH_BASE).origin === PATH_BASE;
  }
  const own = appOrigin(request);
  return own !== undefined && URL.canParse(value) && new URL(value).origin === own;
}

/**
 * Redirect targets stay on this site (a reset link's `callbackURL` receives the token). better-auth
 * checks this too, but not when NODE_ENV=test, so the tests would not see it.
 */
function assertLocalRedirects(request: Request, values: Record<string, unknown>): void {
  for (const field of REDIRECT_FIELDS) {
    const value = values[field];
    // Other types are better-auth's 400.
    if (typeof value === 'string' && !isLocalUrl(request, value)) {
      throw new Forbidden(`${field} must be a URL on this site`);
    }
  }
}

/**
 * Rules better-auth does not apply to what a client sends: the email is trimmed as
 * User.normalizeEmail does (better-auth only lower-cases it, so `Alice@Example.com ` was a 400
 * instead of alice); a name is trimmed and judged by the User model itself (better-auth writes users through
 * its own adapter, not the model); `image` is an http(s) URL (better-auth stored
 * `javascript:` ones, which run where a page links them) of at most 2,048 characters (it stored any length); a new
 * password is not blank once trimmed (it counted eight spaces as a password); redirect targets stay on this site.
 */
async function sanitized(request: Request, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const out = { ...body };
  if (typeof out.email === 'string') out.email = User.normalizeEmail(out.email);
  // varchar(255): better-auth would answer a longer one with a vague 422 "Failed to create user".
  if (typeof out.email === 'string' && out.email.length > MAX_EMAIL_LENGTH) {
    throw new BadRequest('Invalid input', { email: [`is too long (maximum is ${MAX_EMAIL_LENGTH} characters)`] });
  }
  // update-user takes any JSON value as the name and stores its text: ['N', 'M'] became "N,M", an object
  // "[object Object]" (or a 500), null a 500 from the NOT NULL column; '' left the user without a name.
  if (out.name !== undefined && typeof out.name !== 'string') {
    throw new BadRequest('Invalid input', { name: ['must be a string'] });
  }
  // Judged by the User model itself, not a copy of its rules: it trims the name (better-auth stored
  // "  Spacey  " and "Spacey\u200f" as given) and wants something visible (not "\u200b" or bidi isolates
  // alone: a member list would show nothing), on one line (a name goes into mails' subjects and text, where
  // a line break would start lines that read as the app's own) and within its varchar(100) (update-user
  // would otherwise fail in PostgreSQL with a 500, sign-up with a vague 422). Invisible characters inside a
  // name that shows stay, as given (authRoutes.hostileText.test.ts).
  if (typeof out.name === 'string') {
    const probe = User.build({ name: out.name });
    await probe.isValid();
    if (probe.errors.name) throw new BadRequest('Invalid input', { name: probe.errors.name });
    out.name = probe.name;
  }
  if (out.image !== undefined && out.image !== null) {
    const url = typeof out.image === 'string' && URL.canParse(out.image) ? new URL(out.image) : null;
    if (url?.protocol !== 'https:' && url?.protocol !== 'http:') {
      throw new BadRequest('Invalid input', { image: ['must be an http(s) URL'] });
    }
    if ((out.image as string).length > MAX_IMAGE_URL_LENGTH) {
      throw new BadRequest('Invalid input', { image: [`is too long (maximum is ${MAX_IMAGE_URL_LENGTH} characters)`] });
    }
  }
  const passwordField = NEW_PASSWORD_FIELD_BY_PATH.get(new URL(request.url).pathname.replace(/^\/api\/auth/, ''));
  const password = passwordField ? out[passwordField] : undefined;
  // Other types are better-auth's 400 ("must be a string").
  if (passwordField && typeof password === 'string' && password.trim() === '') {
    throw new BadRequest('Invalid input', { [passwordField]: ["can't be blank"] });
  }
  assertLocalRedirects(request, out);
  return out;
}

/**
 * The URL better-auth sees. With APP_URL (always in production) it builds links from its baseURL and
 * this does not matter. Without (development), from the request's origin, and under `next start`
 * request.url names the internal listener (localhost:<port>): give it the addressed origin.
 */
function addressedUrl(request: Request): string {
  const url = new URL(request.url);
  const origin = env.APP_URL ? undefined : appOrigin(request);
  return origin ? `${origin}${url.pathname}${url.search}` : request.url;
}

/**
 * The JSON body, read once with the API's rules (1 MB, depth 64, `application/json` only, no
 * U+0000: PostgreSQL cannot store it and better-auth's queries would fail with a 500), as read (`raw`)
 * and as better-auth gets it (an object), and a request that carries it again for better-auth.
 */
async function withParsedBody(
  request: Request,
): Promise<{ body: Record<string, unknown>; raw: unknown; request: Request }> {
  const parsed = await readJsonBody(request);
  const body = await sanitized(
    request,
    parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {},
  );
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  const forwarded = new Request(addressedUrl(request), { method: request.method, headers, body: JSON.stringify(body) });
  return { body: body as Record<string, unknown>, raw: parsed, request: forwarded };
}

async function dispatch(request: Request): Promise<Response> {
  if (request.method !== 'POST') {
    assertLocalRedirects(request, Object.fromEntries(new URL(request.url).searchParams));
    return auth().handler(new Request(addressedUrl(request), { headers: request.headers }));
  }
  const path = new URL(request.url).pathname.replace(/^\/api\/auth/, '');
  // The API's CSRF rule (server/http/csrf.ts) on every POST: better-auth checks Origin only for some
  // endpoints, ignores Sec-Fetch-Site, and skips its checks entirely when NODE_ENV=test.
  assertSameOrigin(request, appOrigin(request));
  if (path === '/sign-up/email') await rateLimit('signUp', clientIp(request));
  // Every body through the API's reader: better-auth would buffer any size and take HTML forms.
  const parsed = await withParsedBody(request);
  if (path === '/sign-in/email') {
    const email = typeof parsed.body.email === 'string' ? parsed.body.email : '';
    return signInWithLimits(request, email, () => auth().handler(parsed.request));
  }
  // Over a per-address mail limit: the usual answer, and no mail (mailLimits.ts).
  const limited = await limitMailRequest(path, request, parsed.body);
  if (limited) return limited;
  if (path === '/sign-up/email') return withItsMail(() => signUpAlone(parsed));
  // The password of an account that has one, else a sign-in within minutes (accountDeletionProof.ts).
  if (path === '/delete-user') await assertAccountDeletionProof(request, parsed.raw);
  const run = () =>
    ONE_TRANSACTION_PATHS.has(path)
      ? withItsMail(() => auth().handler(parsed.request))
      : auth().handler(parsed.request);
  return PASSWORD_CHECK_PATHS.has(path) ? passwordCheckWithLimits(request, run) : run();
}

/**
 * Sign-ups of one email queue on a transaction-scoped lock, so the second finds the first's account and
 * answers 422. better-auth checks for the account, then inserts: two requests at once (a double-clicked
 * button) both passed the check, and every insert but one failed on the unique email with a 500.
 * Call inside withItsMail's transaction, which better-auth's queries join.
 */
async function signUpAlone(parsed: Awaited<ReturnType<typeof withParsedBody>>): Promise<Response> {
  if (typeof parsed.body.email === 'string') {
    await db().execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sign-up:${parsed.body.email}`}, 0))`);
  }
  return withoutAccountHint(await auth().handler(parsed.request));
}

/** The user fields a sign-up that starts no session answers with: the same for a new and a taken email. */
const UNSIGNED_SIGN_UP_FIELDS = ['name', 'email', 'emailVerified', 'image', 'createdAt', 'updatedAt'] as const;

/**
 * A sign-up that starts no session (REQUIRE_EMAIL_VERIFICATION=true) must not say whether the email was
 * taken. better-auth answers a taken one with a made-up user whose `id` is a random string, where a real
 * user's is a number (`generateId: 'serial'`, auth.ts): the `id` told them apart. Both now answer the
 * same fields, in the same order, without it. A sign-up that signs in (the default) answers as it was.
 */
async function withoutAccountHint(response: Response): Promise<Response> {
  if (response.status !== 200) return response;
  const body = (await response.clone().json()) as { token?: unknown; user?: Record<string, unknown> };
  if (body.token !== null || !body.user) return response;
  const user = Object.fromEntries(UNSIGNED_SIGN_UP_FIELDS.map((field) => [field, body.user?.[field] ?? null]));
  return withHeadersOf(response, jsonResponse({ token: null, user }, 200));
}

/** Endpoints whose write causes a mail: the token or password change and the mail's job commit together. */
const MAILING_PATHS = new Set([
  '/request-password-reset',
  '/send-verification-email',
  '/sign-up/email',
  '/change-email',
  '/reset-password',
  '/change-password',
]);

/**
 * Endpoints run in one transaction, rolled back on a 5xx: those that mail, and the account deletion, whose
 * teams (accountDeletion.ts) and user row go together or not at all.
 */
const ONE_TRANSACTION_PATHS = new Set([...MAILING_PATHS, '/delete-user']);

/** Thrown to roll back when better-auth answered a 5xx (it catches errors, such as a failed enqueue, itself). */
class AnsweredWithError extends Error {
  constructor(readonly response: Response) {
    super('rolled back');
  }
}

/** Runs better-auth's handler in one transaction with the mail it enqueues; a 5xx answer rolls both back. */
async function withItsMail(handle: () => Promise<Response>): Promise<Response> {
  try {
    return await transaction(async () => {
      const response = await handle();
      if (response.status >= 500) throw new AnsweredWithError(response);
      return response;
    });
  } catch (error) {
    if (error instanceof AnsweredWithError) return error.response;
    throw error;
  }
}

/**
 * Answers carry session tokens (sign-in, sign-up, get-session), the session list and account data:
 * no cache, shared or private, may keep them.
 */
function noStore(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set('cache-control', 'no-store');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export function createAuthRoutes() {
  // better-auth's answers in the API's shape; errors thrown before it answers take the edge's path.
  const handle = async (request: Request): Promise<Response> =>
    noStore(
      secureCookies(
        request,
        await inApiErrorFormat(await dispatch(request), new URL(request.url).pathname.replace(/^\/api\/auth/, '')),
      ),
    );
  // Through the API's one edge (request id, error format, access log); other methods are a 405.
  return apiRoute('/api/auth', { GET: handle, POST: handle });
}
