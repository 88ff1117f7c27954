/**
 * Accounts and sessions: better-auth 1.7 on the app's PostgreSQL through its
 * drizzle adapter. It owns sign-up, password sign-in (scrypt hashes), sign-out,
 * "sign out everywhere", change and reset password, account deletion; its endpoints are served
 * under /api/auth/* (app/api/auth/[...all]/route.ts, wrapped by
 * backend/auth/authRoutes.ts for rate limits and the API's error format).
 *
 * Sessions are rows in `sessions`; the `app_session` cookie carries the row's
 * random token, signed (backend/auth/sessionCookie.ts). Signing out
 * deletes the row, so a copied cookie stops working at once.
 *
 * Customise here: OAuth providers (`socialProviders: { github: {...} }`, whose
 * links land in `accounts`), session lifetime, password rules. The mails it
 * sends (reset, verification, password changed) are in ./authMails.ts.
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { appName } from '@/appName';
import { db } from '@/db/database';
import { accounts, sessions, users, verifications } from '@/db/schema';
import { env } from '@/env';
import { logger } from '@/server';
import { redactQueryValues } from '@/server/log';
import { appOrigin } from '../appOrigin';
import { releaseTeamsOf } from './accountDeletion';
import { passwordChangeHook, sendPasswordChangedMail, sendPasswordResetMail, sendVerificationMail } from './authMails';
import { authSecret } from './authSecret';
import { endLockoutAfterReset } from './endLockoutAfterReset';

/**
 * A database handle that is `db()` at each use: the pool, or the current transaction. better-auth's
 * adapter keeps the object it is given, so it gets this instead of the pool.
 */
function liveDatabase(): ReturnType<typeof db> {
  return new Proxy({} as ReturnType<typeof db>, {
    get(_target, property) {
      const current = db();
      const value = Reflect.get(current, property, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}

export const SESSION_COOKIE = 'app_session';
/**
 * A session lasts 14 days from sign-in. Only better-auth's own
 * `GET /api/auth/get-session` extends it (at most once a day, row and cookie):
 * the app's per-request lookup (backend/context.ts) is a read.
 */
export const SESSION_TTL_SECONDS = 14 * 24 * 3600;
const SESSION_REFRESH_SECONDS = 24 * 3600;
/** Longer than this is refused before hashing (scrypt cost grows with the input). */
export const MAX_PASSWORD_LENGTH = 128;
export const MIN_PASSWORD_LENGTH = 8;

function createAuth() {
  return betterAuth({
    appName,
    // Every link it mails is built on this. Required in production (env.ts); unset in development:
    // better-auth takes the origin from each request (backend/appOrigin.ts, authRoutes.ts).
    baseURL: env.APP_URL,
    // Where a POST may come from and a redirect may go: the app's origin (backend/appOrigin.ts).
    trustedOrigins: (request) => [appOrigin(request)].filter((origin) => origin !== undefined),
    basePath: '/api/auth',
    secret: authSecret(),
    // Every query of better-auth's goes to `db()` when it runs, so inside the app's `transaction()` it joins
    // it: a reset token and the mail it causes commit or roll back together (authRoutes.ts).
    database: drizzleAdapter(liveDatabase(), {
      provider: 'pg',
      schema: { users, sessions, accounts, verifications },
      usePlural: true,
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // A reset proves control of the mailbox: every session of the account ends with it.
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      sendResetPassword: sendPasswordResetMail,
      // The account's notice, and this address's failed sign-ins forgiven: the mailbox proved the account.
      onPasswordReset: async (data, request) => {
        await sendPasswordChangedMail(data, request);
        await endLockoutAfterReset(data.user.email, request);
      },
      // REQUIRE_EMAIL_VERIFICATION=true: sign-up mails a link and starts no session; password
      // sign-in is refused (403 EMAIL_NOT_VERIFIED) until the link is opened, and mails a new one.
      requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
    },
    emailVerification: {
      sendVerificationEmail: sendVerificationMail,
      sendOnSignUp: env.REQUIRE_EMAIL_VERIFICATION,
      // The right password before the address is confirmed mails a new link: an expired or lost one
      // is not a dead end (at most RATE_LIMIT_VERIFICATION_EMAIL per address, authMails.ts).
      sendOnSignIn: env.REQUIRE_EMAIL_VERIFICATION,
      // Opening the link signs the new user in.
      autoSignInAfterVerification: true,
    },
    hooks: { after: passwordChangeHook },
    user: {
      // POST /api/auth/delete-user, with the current password, or for an account without one (OAuth only)
      // on a sign-in under 10 minutes old: ./accountDeletionProof.ts, checked first by authRoutes.ts. The
      // user's teams are settled first, or the deletion refused: ./accountDeletion.ts. Sessions, accounts,
      // memberships and API keys go with the user row (foreign keys).
      deleteUser: { enabled: true, beforeDelete: (user) => releaseTeamsOf(Number(user.id)) },
    },
    session: {
      expiresIn: SESSION_TTL_SECONDS,
      updateAge: SESSION_REFRESH_SECONDS,
      // No signed copy of the session in a second cookie: every request reads the
      // sessions table, so signing out is immediate everywhere.
      cookieCache: { enabled: false },
    },
    // Our own limits (backend/rateLimit/) are stored in PostgreSQL and shared by instances.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Through the app's logger: JSON lines in production, LOG_LEVEL applies, silent under tests.
    // better-auth logs at error level what a client caused (an unknown provider, a bad OAuth state, a
    // disabled endpoint) as well as its own failures: its lines are warnings here, and an answer of 500
    // or more gets the app's own error line (authRoutes.ts), so an alert on error lines sees failures only.
    // Its arguments go under `details`, whose serialiser drops the values of a failed query (a reset
    // token, a session token): server/log/serializeError.ts.
    logger: {
      log: (level, message, ...args) =>
        logger()[level === 'error' ? 'warn' : level]({ details: args }, `[better-auth] ${redactQueryValues(message)}`),
    },
    advanced: {
      database: { generateId: 'serial' },
      // The cookie keeps the name it always had; Secure is added per request over https
      // (backend/auth/sessionCookie.ts), so no `__Secure-` prefix.
      useSecureCookies: false,
      cookies: { session_token: { name: SESSION_COOKIE } },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

// One instance per process (and across dev hot reloads), built on first use:
// importing this file opens no connection and needs no variables at build time.
const cache = globalThis as typeof globalThis & { __auth?: Auth };

export function auth(): Auth {
  cache.__auth ??= createAuth();
  return cache.__auth;
}
