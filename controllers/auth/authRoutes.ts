/**
 * /api/auth/*: better-auth's endpoints (sign-up, password sign-in, sign-out,
 * sessions, change and reset password), behind the app's own rules:
 *
 * - rate limits in PostgreSQL (controllers/rateLimit): failed password
 *   sign-ins per (account, IP) and per IP, sign-ups per IP;
 * - the API's one error format: better-auth's `{code, message}` errors are
 *   answered as `{error: {code, message}}` like every other route;
 * - Secure on its cookies when the request came over https.
 *
 * The route file (app/api/auth/[...all]/route.ts) only binds these handlers.
 */
import { type ErrorCode, errorResponse, jsonResponse, readJsonBody, STATUS_BY_CODE, withRequestId } from '@/server';
import { clientIp } from '../rateLimit/clientIp';
import { assertNotBlocked, clearFailures, rateLimit, recordFailure } from '../rateLimit/rateLimits';
import { auth } from './auth';
import { secureCookies } from './sessionCookie';

const CODE_BY_STATUS = new Map<number, ErrorCode>(
  Object.entries(STATUS_BY_CODE).map(([code, status]) => [status, code as ErrorCode]),
);

/** better-auth's error bodies (`{code, message}`), re-shaped into the API's `{error: {code, message}}`. */
async function inApiErrorFormat(response: Response): Promise<Response> {
  if (response.status < 400 || !response.headers.get('content-type')?.includes('application/json')) return response;
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  const code =
    CODE_BY_STATUS.get(response.status) ?? (response.status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
  const message =
    response.status < 500 && typeof body?.message === 'string' ? body.message : 'Something went wrong on our side';
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return jsonResponse({ error: { code, message } }, response.status, Object.fromEntries(headers));
}

/** The JSON body, read once (size and depth limits of the API), and a request that carries it again for better-auth. */
async function withParsedBody(request: Request): Promise<{ body: Record<string, unknown>; request: Request }> {
  const parsed = await readJsonBody(request);
  const body = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  const forwarded = new Request(request.url, { method: request.method, headers, body: JSON.stringify(body) });
  return { body: body as Record<string, unknown>, request: forwarded };
}

/** Password sign-in under both failure limits; a success clears this account's count from this IP. */
async function signInWithLimits(request: Request): Promise<Response> {
  const { body, request: forwarded } = await withParsedBody(request);
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  const keys = { email, ip: clientIp(request) };
  await assertNotBlocked('signIn', keys);
  const response = await auth().handler(forwarded);
  if (response.ok) await clearFailures('signIn', keys);
  else if (response.status === 401) await recordFailure('signIn', keys);
  return response;
}

async function dispatch(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname.replace(/^\/api\/auth/, '');
  if (request.method === 'POST' && path === '/sign-in/email') return signInWithLimits(request);
  if (request.method === 'POST' && path === '/sign-up/email') await rateLimit('signUp', clientIp(request));
  return auth().handler(request);
}

export function createAuthRoutes() {
  const handle = (request: Request): Promise<Response> =>
    withRequestId(request, async () => {
      try {
        return secureCookies(request, await inApiErrorFormat(await dispatch(request)));
      } catch (error) {
        return errorResponse(error);
      }
    });
  return { GET: handle, POST: handle };
}
