/**
 * Every environment variable the app reads, validated once with zod.
 *
 * This is the only module (besides test and Playwright configs) that reads
 * `process.env`. Add a variable here, document it in `.env.example` and the
 * table in docs/deployment.md, then import `env` where you need it.
 *
 * `instrumentation.node.ts` imports this file at server start, so a bad value stops
 * `next dev` / `next start` with a message naming the variable.
 */
import cronParser from 'cron-parser';
import { z } from 'zod';
import { appName } from './appName';
// The parser only (no I/O): what TRUST_PROXY may say is defined beside the code that applies it.
import { parseTrustProxy } from './server/net';

const bool = z.stringbool({ truthy: ['true', '1', 'yes'], falsy: ['false', '0', 'no', ''] });
const url = z.url({ protocol: /^https?$/ });
const seconds = z.coerce.number().int().positive();

/**
 * A size in bytes, written as digits (`5242880`, not `5MiB`), at least `min`;
 * `fallback` when unset. The message of a wrong value says what it takes.
 */
function bytes(fallback: number, min = 1) {
  const mib = (count: number) => (count % 1_048_576 === 0 ? ` (${count / 1_048_576} MiB)` : '');
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return fallback;
      const count = /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isSafeInteger(count) || count < min) {
        const example = Math.max(min, 5_242_880);
        ctx.addIssue({
          code: 'custom',
          message: Number.isSafeInteger(count)
            ? `${count} is less than ${min}${mib(min)}; it takes a number of bytes`
            : `"${value}" is not a number of bytes: write digits, e.g. ${example} for ${example / 1_048_576} MiB`,
        });
        return z.NEVER;
      }
      return count;
    });
}

/** The units a rate-limit window may use: `30s`, `15m`, `1h`, `1d`. */
const WINDOW_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/**
 * A rate limit written `<count>/<window>` (`5/15m`: 5 per 15 minutes) or
 * `off`; parsed to `{points, durationSeconds}` or null (off). The limits
 * themselves live in backend/rateLimit/rateLimits.ts; docs/rate-limits.md.
 */
function limitSetting(fallback: string) {
  return z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const text = value.trim().toLowerCase();
      if (text === 'off') return null;
      const match = /^(\d+)\s*\/\s*(\d*)\s*([smhd])$/.exec(text);
      const points = Number(match?.[1]);
      const durationSeconds =
        Number(match?.[2] || 1) * WINDOW_SECONDS[(match?.[3] ?? 's') as keyof typeof WINDOW_SECONDS];
      if (!match || points < 1 || durationSeconds < 1 || !Number.isSafeInteger(points * durationSeconds)) {
        ctx.addIssue({ code: 'custom', message: `"${value}" is not a limit such as 5/15m, 120/1m, 10/h or off` });
        return z.NEVER;
      }
      return { points, durationSeconds };
    });
}

/**
 * Why `value` is no schedule the job runner can keep, or undefined: five cron fields whose values are in
 * range (`99 * * * *` has five fields, and pg-boss would only refuse it after the server said Ready).
 */
function cronProblem(value: string): string | undefined {
  if (value === 'off') return undefined;
  if (!/^\S+( \S+){4}$/.test(value.trim())) return `"${value}" is not a five-field cron expression (or off)`;
  try {
    cronParser.parseExpression(value);
    return undefined;
  } catch (error) {
    return `"${value}" is not a schedule: ${error instanceof Error ? error.message : String(error)}`;
  }
}

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),

  // PostgreSQL. Unset in `npm run dev`: the dev script starts an embedded
  // server and passes its URL here.
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  // Prepared statements for the framework's queries (docs/performance.md). Set
  // false behind PgBouncer in transaction mode (or any pooler that moves a
  // session between server connections).
  DATABASE_PREPARED_STATEMENTS: bool.default(true),
  // Set by `npm run dev` when it started the embedded services; shown by /api/health.
  EMBEDDED_DB: bool.default(false),
  EMBEDDED_S3: bool.default(false),

  // S3-compatible object storage (AWS S3, R2, MinIO, s3rver ...).
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('auto'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_ENDPOINT: url.optional(),
  S3_PUBLIC_URL_BASE: url.optional(),
  S3_PRIVATE_URL_EXPIRY: seconds.default(3600),
  S3_UPLOAD_URL_EXPIRY: seconds.default(300),
  S3_MAX_UPLOAD_SIZE: bytes(104_857_600),
  // The app's public URL, e.g. https://app.example.com: every link the app
  // mails or answers, better-auth's base URL and the origin checks come from it
  // (docs/security.md). Required in production; outside it, unset means the
  // origin the browser addressed. `npm run storage:setup` lets its origin
  // upload to the bucket (CORS).
  APP_URL: url.optional(),
  // More origins allowed to upload from the browser (comma-separated), e.g.
  // a preview deployment: https://staging.example.com,https://admin.example.com
  STORAGE_CORS_ORIGINS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const origins = (value ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      const invalid = origins.filter((origin) => !url.safeParse(origin).success);
      for (const origin of invalid) {
        ctx.addIssue({
          code: 'custom',
          message: `"${origin}" is not an http(s) origin such as https://app.example.com`,
        });
      }
      return invalid.length > 0 ? z.NEVER : origins.map((origin) => new URL(origin).origin);
    }),
  // Browser uploads of this many bytes or more go in parts (S3 multipart,
  // resumable). In bytes: at least 5242880 (5 MiB, S3's smallest part).
  UPLOAD_MULTIPART_THRESHOLD: bytes(67_108_864, 5_242_880),
  // Without S3_* uploads are off and the app is still ready; true makes
  // missing storage a readiness failure (/api/ready). Configured storage that
  // does not answer fails readiness either way (app/api/ready/checkReadiness.ts).
  STORAGE_REQUIRED: bool.default(false),

  // The one secret: session cookies and better-auth's key derive from it (backend/auth/authSecret.ts).
  // At least 32 characters; `npm run dev` generates one.
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Dev sign-in by email (POST /api/session). On outside production unless set to false.
  AUTH_DEV_LOGIN: bool.optional(),

  // Rate limits (backend/rateLimit/rateLimits.ts, docs/rate-limits.md), counted in
  // PostgreSQL so they hold across instances. Each is `<count>/<window>`
  // (window: 30s, 15m, 1h, 1d; `10/h` = 10/1h) or `off`.
  // Failed password sign-ins per (account email, client IP), and per client IP.
  RATE_LIMIT_SIGN_IN_ACCOUNT: limitSetting('5/15m'),
  RATE_LIMIT_SIGN_IN_IP: limitSetting('50/15m'),
  // Sign-ups and invitation acceptances per client IP.
  RATE_LIMIT_SIGN_UP: limitSetting('10/1h'),
  RATE_LIMIT_INVITATION_ACCEPT: limitSetting('20/1h'),
  // Invitation lookups (token -> details, anonymous) per client IP: a bound on guessing noise and load.
  RATE_LIMIT_INVITATION_LOOKUP: limitSetting('60/1m'),
  // Upload presigns (single and multipart) per signed-in user.
  RATE_LIMIT_PRESIGN: limitSetting('120/1m'),
  // Requests with an unknown or revoked `Authorization: Bearer` key, per client IP.
  RATE_LIMIT_BEARER_FAILURE: limitSetting('30/5m'),
  // Password-reset requests per address (over it: the same 200, no mail), and
  // verification mails per address, whatever asked for them (the same).
  RATE_LIMIT_PASSWORD_RESET: limitSetting('3/15m'),
  RATE_LIMIT_VERIFICATION_EMAIL: limitSetting('3/15m'),
  // Reset and verification mail requests per client IP (429).
  RATE_LIMIT_AUTH_MAIL_IP: limitSetting('20/15m'),
  // Email changes requested per signed-in user; invitations created per team.
  RATE_LIMIT_CHANGE_EMAIL: limitSetting('5/1h'),
  RATE_LIMIT_INVITATION_CREATE: limitSetting('50/1h'),
  // Invitations sent per user, across their teams, and per invited address, whoever sends them.
  RATE_LIMIT_INVITATION_USER: limitSetting('100/1h'),
  RATE_LIMIT_INVITATION_ADDRESS: limitSetting('5/1h'),
  // API keys created per team: each mints a token.
  RATE_LIMIT_API_KEY_CREATE: limitSetting('20/1h'),
  // Teams created per user.
  RATE_LIMIT_TEAM_CREATE: limitSetting('20/1h'),
  // Which connections are proxies whose X-Forwarded-* headers count
  // (server/net/trustProxy.ts, docs/security.md). Unset: none; the client
  // address is the socket's. A hop count (1 behind one nginx / load balancer),
  // or proxy addresses and CIDRs: 10.0.0.0/8,192.0.2.7 (or loopback, private).
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),

  // Background jobs (pg-boss, on DATABASE_URL). The app process runs them
  // unless JOBS_IN_APP=false (then run `npm run worker` beside it); it can
  // always enqueue. JOBS_CLEANUP_CRON: when the asset cleanup runs (UTC), or off.
  JOBS_IN_APP: bool.default(true),
  JOBS_CLEANUP_CRON: z
    .string()
    .default('0 * * * *')
    .superRefine((value, ctx) => {
      const problem = cronProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),

  // Mail (docs/mail.md). SMTP_URL: smtp://user:pass@host:587 (STARTTLS when
  // the server offers it) or smtps://user:pass@host:465. MAIL_TRANSPORT=log
  // only logs each mail (an explicit choice: production refuses to start with
  // neither); =custom: your code installs a provider with setMailer
  // (backend/mailer.ts). `npm run dev` points SMTP_URL at its mail catcher.
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_TRANSPORT: z.enum(['smtp', 'log', 'custom']).optional(),
  // The From: of every mail, `Name <address>` or a bare address.
  MAIL_FROM: z.string().trim().min(3).default(`${appName} <no-reply@localhost>`),
  // Sign-up sends a verification link, and password sign-in waits for it.
  REQUIRE_EMAIL_VERIFICATION: bool.default(false),
  // Set by `npm run dev` and the e2e server: the mail catcher's HTTP API,
  // which the dev-only page /dev/mail reads (never in production).
  DEV_MAILBOX_URL: url.optional(),

  // Log level of the server's pino logger; default info, silent under tests.
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),

  // Tracing (OpenTelemetry), off unless asked for: OTEL_TRACES_EXPORTER=otlp
  // or console, or an OTLP endpoint. The SDK reads the rest of OTEL_* itself
  // (headers, sampler, resource attributes); see docs/deployment.md "Tracing".
  OTEL_SDK_DISABLED: bool.default(false),
  OTEL_TRACES_EXPORTER: z.enum(['otlp', 'console', 'none']).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: url.optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: url.optional(),

  // Test only: set by scripts/e2eServer.ts so /e2e/fault throws and the e2e
  // suite can see the app's error page (app/error.tsx). Off: that page is a 404.
  E2E_FAULTS: bool.default(false),
});

export type Env = z.infer<typeof schema>;

/** What a running server cannot do without (`next build` runs without them). */
const SERVER_REQUIRED = ['DATABASE_URL', 'SESSION_SECRET'] as const;

/** The variables that name a store: all or none (none turns uploads off). */
const STORAGE_VARIABLES = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Storage variables missing from a partial set; [] when all or none are given. */
export function missingStorageVariables(source: Readonly<Record<string, unknown>>): string[] {
  const given = [...STORAGE_VARIABLES, 'S3_ENDPOINT', 'S3_PUBLIC_URL_BASE'].some((name) => Boolean(source[name]));
  return given ? STORAGE_VARIABLES.filter((name) => !source[name]) : [];
}

/**
 * How mail leaves the app: MAIL_TRANSPORT when set, else SMTP when SMTP_URL
 * is set, else nothing chosen (outside production mails are then logged;
 * a production server refuses to start).
 */
export function mailTransport(source: Readonly<Record<string, unknown>>): 'smtp' | 'log' | 'custom' | undefined {
  const chosen = source.MAIL_TRANSPORT;
  if (chosen === 'smtp' || chosen === 'log' || chosen === 'custom') return chosen;
  return source.SMTP_URL ? 'smtp' : undefined;
}

/** A production server must send mail somewhere (or say it only logs them): one line, or none. */
export function missingMailVariables(source: Readonly<Record<string, unknown>>): string[] {
  if (source.NODE_ENV !== 'production') return [];
  const transport = mailTransport(source);
  if (transport === 'smtp' && !source.SMTP_URL) return ['  SMTP_URL: missing (MAIL_TRANSPORT=smtp sends through it)'];
  if (transport) return [];
  return [
    '  SMTP_URL or MAIL_TRANSPORT=log: missing (set SMTP_URL to send mail, or MAIL_TRANSPORT=log to only log mails; docs/mail.md)',
  ];
}

/**
 * Every variable a server start lacks, one line each. `generated`: leave out DATABASE_URL and SESSION_SECRET,
 * which `npm run dev` makes after reading this file (its embedded PostgreSQL, .data/session-secret).
 */
function missingAtStart(source: Readonly<Record<string, unknown>>, { generated = false } = {}): string[] {
  const server = generated ? [] : SERVER_REQUIRED.filter((name) => !source[name]).map((name) => `  ${name}: missing`);
  // Links in mails (reset, verification, invitations) and origin checks must not come from request headers.
  if (source.NODE_ENV === 'production' && !source.APP_URL) {
    server.push(
      '  APP_URL: missing (production builds links and checks origins from it, e.g. https://app.example.com)',
    );
  }
  const storage = missingStorageVariables(source).map(
    (name) => `  ${name}: missing (S3_* are all or none; none turns uploads off)`,
  );
  return [...server, ...storage, ...missingMailVariables(source)];
}

function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  // Name every problem at once, the missing server variables included, so
  // one failed start is enough to fix the configuration. Outside production
  // those are left out: there `npm run dev` generates them after this check
  // (and a server started without it still names them: assertServerEnv).
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  const missing = missingAtStart(source, { generated: source.NODE_ENV !== 'production' });
  throw new Error(`Invalid environment variables:\n${[...lines, ...missing].join('\n')}\nSee .env.example.`);
}

export const env: Env = parseEnv(process.env);

/** Every variable this file reads (env.test.ts holds .env.example and docs/deployment.md to the list). */
export const ENV_VARIABLES: readonly string[] = Object.keys(schema.shape);

// The AWS SDK prints a notice on Node < 22 (its releases after January 2027 will need Node 22)
// whenever a process builds its first S3 client: plain text in logs that are otherwise JSON, on
// every start. The pinned SDK runs on Node 20; the notice is for whoever upgrades it, and
// docs/deployment.md says it there. Every process that reaches storage imports this file first.
// An explicit value (false shows the notice) is kept.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** Whether uploads have a store: the bucket and both keys are set. */
export const storageConfigured: boolean = STORAGE_VARIABLES.every((name) => Boolean(env[name]));

/** Origins `npm run storage:setup` lets upload from the browser: APP_URL's, then STORAGE_CORS_ORIGINS, no repeats. */
export function storageCorsOrigins(source: Env = env): string[] {
  const origins = [...(source.APP_URL ? [new URL(source.APP_URL).origin] : []), ...source.STORAGE_CORS_ORIGINS];
  return [...new Set(origins)];
}

/** Dev sign-in is on by default except in production, where it must be enabled explicitly. */
export const devLoginEnabled: boolean = env.AUTH_DEV_LOGIN ?? env.NODE_ENV !== 'production';

/** Where spans go, or undefined when tracing is off (the default). */
export function tracesExporter(source: Env = env): 'otlp' | 'console' | undefined {
  if (source.OTEL_SDK_DISABLED || source.OTEL_TRACES_EXPORTER === 'none') return undefined;
  if (source.OTEL_TRACES_EXPORTER) return source.OTEL_TRACES_EXPORTER;
  return source.OTEL_EXPORTER_OTLP_ENDPOINT || source.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ? 'otlp' : undefined;
}

/**
 * Variables a running server cannot do without. Checked at start-up (not at
 * import) because `next build` imports route modules without them.
 */
export function assertServerEnv(): void {
  const missing = missingAtStart(env);
  if (missing.length > 0) {
    // `npm run dev` starts the embedded services and makes a secret; a production server gets them set.
    const advice =
      env.NODE_ENV === 'production'
        ? 'Set them; see .env.example and docs/deployment.md.'
        : 'Run `npm run dev` (it starts embedded services) or set them; see .env.example.';
    throw new Error(`Missing environment variables:\n${missing.join('\n')}\n${advice}`);
  }
}
