/**
 * The app's rate limits (rate-limiter-flexible over the app's PostgreSQL, table
 * `rate_limits`), so every instance counts against the same rows. Defaults and
 * env overrides: env.ts (`RATE_LIMIT_*`); docs/rate-limits.md.
 *
 * Count every request (429 with Retry-After once over the limit):
 *
 *   await rateLimit('presign', String(user.id));          // per user
 *   await rateLimit('signUp', clientIp(request));         // per IP
 *   await rateLimit('invitationAccept', clientIp(request));
 *   if (!(await withinLimit('passwordReset', email))) return sameAnswerAsUsual; // silent
 *
 * Count failures (a guard is a set of limits checked together):
 *
 *   const keys = { email, ip: clientIp(request) };
 *   await assertNotBlocked('signIn', keys);   // 429 when blocked; counts this attempt
 *   if (passwordOk) await clearFailures('signIn', keys);
 *   else if (!passwordTested) await forgiveAttempt('signIn', keys); // a 400: no guess was made
 *
 *   await assertNotBlocked('bearer', { ip });  // before looking the key up
 *   if (!apiKey) { await recordFailure('bearer', { ip }); throw new Unauthorized(); }
 *
 * `signIn` counts every attempt when it is checked (one atomic increment per
 * limit), so parallel guesses cannot slip past the check while a password
 * hash runs; success gives that attempt back on the per-IP limit and clears
 * the (account, IP) count. A success never clears the per-IP count: one valid
 * account would otherwise reset it between guesses at others. `bearer` only
 * reads on the hot path (API keys are unguessable; every API request passes
 * here) and counts in recordFailure.
 *
 * Add a limit: a `RATE_LIMIT_*` variable in env.ts, a line in RULES and MESSAGES, a
 * `rateLimit()` (or a guard in GUARDS) where it applies, a row in the docs.
 */
import { createHash } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import { type AppDatabase, db, pool } from '@/db/database';
import { User } from '@/db/models';
import { rateLimits } from '@/db/schema';
import { env } from '@/env';
import { logger, TooManyRequests } from '@/server';

/** `{points, durationSeconds}`: so many per window (a fixed window from the first hit); null turns the limit off. */
export type RateLimitRule = { points: number; durationSeconds: number } | null;

/** Every limit, by name; the name also prefixes its rows' keys. Read at each call, so a test may change one. */
export const RULES = {
  signInAccount: env.RATE_LIMIT_SIGN_IN_ACCOUNT,
  signInIp: env.RATE_LIMIT_SIGN_IN_IP,
  signUp: env.RATE_LIMIT_SIGN_UP,
  invitationAccept: env.RATE_LIMIT_INVITATION_ACCEPT,
  invitationLookup: env.RATE_LIMIT_INVITATION_LOOKUP,
  presign: env.RATE_LIMIT_PRESIGN,
  bearerFailure: env.RATE_LIMIT_BEARER_FAILURE,
  passwordReset: env.RATE_LIMIT_PASSWORD_RESET,
  verificationEmail: env.RATE_LIMIT_VERIFICATION_EMAIL,
  authMailIp: env.RATE_LIMIT_AUTH_MAIL_IP,
  changeEmail: env.RATE_LIMIT_CHANGE_EMAIL,
  invitationCreate: env.RATE_LIMIT_INVITATION_CREATE,
  invitationUser: env.RATE_LIMIT_INVITATION_USER,
  invitationAddress: env.RATE_LIMIT_INVITATION_ADDRESS,
  apiKeyCreate: env.RATE_LIMIT_API_KEY_CREATE,
  teamCreate: env.RATE_LIMIT_TEAM_CREATE,
} satisfies Record<string, RateLimitRule>;

export type LimitName = keyof typeof RULES;

/** What a client reads in the 429 body. */
const MESSAGES: Record<LimitName, string> = {
  signInAccount: 'Too many failed sign-in attempts, try again later',
  signInIp: 'Too many failed sign-in attempts, try again later',
  signUp: 'Too many sign-ups from this address, try again later',
  invitationAccept: 'Too many invitation attempts from this address, try again later',
  invitationLookup: 'Too many invitation lookups from this address, try again later',
  presign: 'Too many uploads, try again later',
  bearerFailure: 'Too many failed API key attempts, try again later',
  // Never shown: over these two the route answers as usual and sends nothing (withinLimit).
  passwordReset: 'Too many password reset requests, try again later',
  verificationEmail: 'Too many verification mails requested, try again later',
  authMailIp: 'Too many mail requests from this address, try again later',
  changeEmail: 'Too many email changes, try again later',
  invitationCreate: 'Too many invitations for this team, try again later',
  invitationUser: 'Too many invitations sent, try again later',
  invitationAddress: 'Too many invitations to this address, try again later',
  apiKeyCreate: 'Too many API keys created for this team, try again later',
  teamCreate: 'Too many teams created, try again later',
};

/** The keys each failure guard needs. */
interface GuardKeysMap {
  signIn: { email: string; ip: string };
  bearer: { ip: string };
}
export type GuardName = keyof GuardKeysMap;
export type GuardKeys<G extends GuardName> = GuardKeysMap[G];

interface Guard<Keys> {
  /** true: assertNotBlocked counts the attempt (atomic); false: it only reads, recordFailure counts. */
  countsEveryAttempt: boolean;
  limits: readonly { limit: LimitName; key: (keys: Keys) => string; clearedBySuccess: boolean }[];
}

/** Failure guards: the limits checked together, how each is keyed, and whether a success clears it. */
const GUARDS: { [G in GuardName]: Guard<GuardKeysMap[G]> } = {
  signIn: {
    countsEveryAttempt: true,
    limits: [
      { limit: 'signInAccount', key: ({ email, ip }) => `${User.normalizeEmail(email)} ${ip}`, clearedBySuccess: true },
      { limit: 'signInIp', key: ({ ip }) => ip, clearedBySuccess: false },
    ],
  },
  bearer: {
    countsEveryAttempt: false,
    limits: [{ limit: 'bearerFailure', key: ({ ip }) => ip, clearedBySuccess: false }],
  },
};

/**
 * A limiter for one named limit over a drizzle handle. Its rows are keyed
 * `<name>:<sha256 of the key>`: no email or IP sits in the table, and any key
 * fits its 255 characters. The library's own cleanup timer is off (one timer
 * per limiter, holding the pool it was built with, logging to the console):
 * `sweepExpiredRateLimits` below does that job.
 */
export function createLimiter(name: LimitName, store: AppDatabase, rule: NonNullable<RateLimitRule>) {
  return new RateLimiterDrizzle({
    storeClient: store,
    schema: rateLimits,
    keyPrefix: name,
    points: rule.points,
    duration: rule.durationSeconds,
    clearExpiredByTimeout: false,
  });
}

/** The row key a limit stores for `key` (for operators looking a client up, and for tests). */
export function storedKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/**
 * The limiter of a limit, or null when it is off. Built per pool (tests close
 * and reopen it) and never on a transaction: a limit counted inside a
 * transaction that rolls back would forget the attempt.
 */
const limiters = new WeakMap<AppDatabase, Map<string, RateLimiterDrizzle>>();
function limiterFor(name: LimitName): RateLimiterDrizzle | null {
  const rule: RateLimitRule = RULES[name];
  if (!rule) return null;
  const store = pool();
  sweepNowAndThen(store);
  const perStore = limiters.get(store) ?? new Map<string, RateLimiterDrizzle>();
  limiters.set(store, perStore);
  const cacheKey = `${name} ${rule.points}/${rule.durationSeconds}`;
  let limiter = perStore.get(cacheKey);
  if (!limiter) {
    limiter = createLimiter(name, store, rule);
    perStore.set(cacheKey, limiter);
  }
  return limiter;
}

/** Over the limit -> the 429 to throw; a store failure (database down) is rethrown as it is (500). */
function overLimit(name: LimitName, rejection: unknown): TooManyRequests {
  if (rejection instanceof RateLimiterRes) return new TooManyRequests(rejection.msBeforeNext / 1000, MESSAGES[name]);
  throw rejection;
}

/** Counts one request against `name` for `key`; throws a 429 (Retry-After: the window's end) once over. */
export async function rateLimit(name: LimitName, key: string): Promise<void> {
  const limiter = limiterFor(name);
  if (!limiter) return;
  try {
    await limiter.consume(storedKey(key));
  } catch (rejection) {
    throw overLimit(name, rejection);
  }
}

/**
 * Counts one request like `rateLimit`, but answers false instead of throwing
 * once over: for limits whose 429 would tell a caller something (whether an
 * address has an account), where the route answers as usual and does nothing.
 */
export async function withinLimit(name: LimitName, key: string): Promise<boolean> {
  try {
    await rateLimit(name, key);
    return true;
  } catch (error) {
    if (error instanceof TooManyRequests) return false;
    throw error;
  }
}

/** Throws a 429 when any of the guard's limits is used up; for signIn this also counts the attempt. */
export async function assertNotBlocked<G extends GuardName>(guard: G, keys: GuardKeys<G>): Promise<void> {
  const spec: Guard<GuardKeys<G>> = GUARDS[guard];
  const outcomes = await Promise.all(
    spec.limits.map(async ({ limit, key }): Promise<TooManyRequests | null> => {
      const limiter = limiterFor(limit);
      if (!limiter) return null;
      const rowKey = storedKey(key(keys));
      if (spec.countsEveryAttempt) {
        return limiter.consume(rowKey).then(
          () => null,
          (rejection: unknown) => overLimit(limit, rejection),
        );
      }
      const used = await limiter.get(rowKey);
      return used && used.consumedPoints >= limiter.points ? overLimit(limit, used) : null;
    }),
  );
  const blocked = outcomes.filter((outcome): outcome is TooManyRequests => outcome !== null);
  // The longest wait: retrying earlier would only meet the other limit.
  blocked.sort((a, b) => b.retryAfterSeconds - a.retryAfterSeconds);
  if (blocked[0]) throw blocked[0];
}

/** Counts a failure against the guard's limits (for signIn it was counted when checked, so nothing to do). */
export async function recordFailure<G extends GuardName>(guard: G, keys: GuardKeys<G>): Promise<void> {
  const spec: Guard<GuardKeys<G>> = GUARDS[guard];
  if (spec.countsEveryAttempt) return;
  await Promise.all(spec.limits.map(({ limit, key }) => limiterFor(limit)?.penalty(storedKey(key(keys)))));
}

/** After a success: clears the per-account count; gives back the attempt counted on the others (signIn). */
export async function clearFailures<G extends GuardName>(guard: G, keys: GuardKeys<G>): Promise<void> {
  const spec: Guard<GuardKeys<G>> = GUARDS[guard];
  await Promise.all(
    spec.limits.map(({ limit, key, clearedBySuccess }) => {
      const limiter = limiterFor(limit);
      const rowKey = storedKey(key(keys));
      if (clearedBySuccess) return limiter?.delete(rowKey);
      return spec.countsEveryAttempt ? limiter?.reward(rowKey) : undefined;
    }),
  );
}

/**
 * Ends the guard's per-account counts only (signIn: this account from this address), giving nothing back
 * on the others: for a proof other than the password, such as a password reset through the mailbox. The
 * per-address limit still counts the guesses that were made.
 */
export async function clearAccountFailures<G extends GuardName>(guard: G, keys: GuardKeys<G>): Promise<void> {
  const spec: Guard<GuardKeys<G>> = GUARDS[guard];
  await Promise.all(
    spec.limits
      .filter(({ clearedBySuccess }) => clearedBySuccess)
      .map(({ limit, key }) => limiterFor(limit)?.delete(storedKey(key(keys)))),
  );
}

/**
 * Gives back the attempt assertNotBlocked counted, on every limit of the guard: for an attempt that
 * turned out to be no guess at all (a malformed request, an error of the server's). Nothing for a guard
 * that counts only failures.
 */
export async function forgiveAttempt<G extends GuardName>(guard: G, keys: GuardKeys<G>): Promise<void> {
  const spec: Guard<GuardKeys<G>> = GUARDS[guard];
  if (!spec.countsEveryAttempt) return;
  await Promise.all(spec.limits.map(({ limit, key }) => limiterFor(limit)?.reward(storedKey(key(keys)))));
}

/**
 * Deletes rows whose window ended more than a minute ago (the minute covers
 * clock skew between instances). Expired rows are already ignored and
 * restarted by the limiter, so this only keeps the table small. Safe to run
 * on several instances at once. Returns how many rows went.
 */
export async function sweepExpiredRateLimits(store: AppDatabase = db()): Promise<number> {
  // The driver's row count: nothing of the removed rows needs to come back over the wire.
  const result = await store.delete(rateLimits).where(lt(rateLimits.expire, new Date(Date.now() - 60_000)));
  return result.count;
}

/**
 * The sweep without a timer: at most every SWEEP_EVERY_MS per process, on the
 * back of a limiter call, not awaited (the request does not wait; a failure
 * is logged). Nothing to schedule and nothing keeping a process or a test
 * alive. To run it as a job instead, call sweepExpiredRateLimits from
 * backend/jobs.ts and drop this.
 */
const SWEEP_EVERY_MS = 10 * 60_000;
let lastSweep = Date.now();
function sweepNowAndThen(store: AppDatabase): void {
  if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = Date.now();
  sweepExpiredRateLimits(store).catch((error: unknown) => logger().warn({ err: error }, 'rate limit sweep failed'));
}
