/**
 * better-auth's answers in the API's one error format: its `{code, message}`
 * bodies (and its empty 404s) become `{error: {code, message, fields?}}`,
 * with the app's own words where better-auth's leave the user without a next
 * step, and a refusal about one field named under `fields` for forms to show
 * beside it (authFieldErrors.ts). Used by every /api/auth answer (authRoutes.ts).
 */
import { type ErrorCode, jsonResponse, logger, STATUS_BY_CODE } from '@/server';
import { authFieldErrors } from './authFieldErrors';

const CODE_BY_STATUS = new Map<number, ErrorCode>(
  Object.entries(STATUS_BY_CODE).map(([code, status]) => [status, code as ErrorCode]),
);

/**
 * Where better-auth's own message leaves the user without a next step: by its error code, and the
 * endpoint where that code needs its own words (`path`), else on any endpoint.
 */
const OWN_MESSAGES: readonly { code: string; path?: string; message: string }[] = [
  // Only with REQUIRE_EMAIL_VERIFICATION=true; the sign-in that answers this mails a new link (auth.ts).
  {
    code: 'EMAIL_NOT_VERIFIED',
    message:
      'Email not verified: open the link we mailed you. A new one is on its way, unless several were sent in the last few minutes.',
  },
  // better-auth's bare "Invalid token" for a reset link tampered with, used since, or expired meanwhile.
  { code: 'INVALID_TOKEN', path: '/reset-password', message: 'This link is invalid or has expired.' },
];

function ownMessage(code: unknown, path: string): string | undefined {
  return OWN_MESSAGES.find((own) => own.code === code && (own.path === undefined || own.path === path))?.message;
}

/** A message for an error better-auth answered without a body (its router's 404 for an unknown path or method). */
function defaultMessage(status: number): string {
  if (status === 404) return 'No such endpoint under /api/auth (or not with this method)';
  return status >= 500 ? 'Internal server error' : 'Request refused';
}

/**
 * better-auth's error bodies (`{code, message}`), re-shaped into the API's `{error: {code, message}}`.
 * Errors without a JSON body (its router answers an unknown path or a wrong method with an empty
 * 404) get the same shape.
 */
export async function inApiErrorFormat(response: Response, path = ''): Promise<Response> {
  if (response.status < 400) return response;
  // better-auth answered a failure it caught; its own line about it was only a warning (auth.ts). What it
  // throws instead reaches the edge, which logs it as every other 5xx. The path names the endpoint, not
  // the reset token some carry (`/reset-password/<token>`).
  if (response.status >= 500) {
    const endpoint = path.replace(/^\/reset-password\/.*/, '/reset-password/:token');
    logger().error({ status: response.status, path: endpoint }, 'better-auth answered with a server error');
  }
  const isJson = response.headers.get('content-type')?.includes('application/json');
  const body = isJson
    ? ((await response.json().catch(() => null)) as { message?: unknown; code?: unknown } | null)
    : null;
  const code =
    CODE_BY_STATUS.get(response.status) ?? (response.status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
  const message =
    response.status >= 500
      ? defaultMessage(response.status)
      : (ownMessage(body?.code, path) ??
        (typeof body?.message === 'string' ? body.message : defaultMessage(response.status)));
  // A refusal about one field (a short password, a taken email) names it, for the form to show beside it.
  const fields = response.status < 500 ? authFieldErrors(body?.code, path, body?.message) : undefined;
  return withHeadersOf(
    response,
    jsonResponse({ error: { code, message, ...(fields ? { fields } : {}) } }, response.status),
  );
}

/** `body` with better-auth's other headers, each Set-Cookie included (a record would keep only the last one). */
export function withHeadersOf(response: Response, body: Response): Response {
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') body.headers.append(name, value);
    else if (name !== 'content-length' && name !== 'content-type') body.headers.set(name, value);
  }
  return body;
}
