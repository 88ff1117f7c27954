/**
 * The app's database schema (drizzle). Edit this file, then run
 * `npm run db:generate -- --name <what_changed>` to write a migration into
 * db/migrations/, and commit both.
 *
 * Users belong to teams through memberships (role owner or member); a team
 * has invitations and API keys. Add your own tables below.
 *
 * Rules live in two places on purpose: the models (db/models) give friendly
 * field errors, and the database constraints below keep the data right even
 * for writes that skip the models (scripts, `updateAll`, psql). Check
 * constraints are named `<table>_<column>_check` so a violation becomes an
 * error on that field (see server/model/constraintErrors.ts).
 *
 * The attachment tables belong to the framework; they are re-exported here so
 * drizzle-kit creates them with the app's own migrations.
 *
 * Accounts and sessions belong to better-auth (backend/auth/auth.ts):
 * `users`, `sessions`, `accounts` (passwords and OAuth links) and
 * `verifications` (password-reset tokens) have the columns it expects, with
 * integer ids (`generateId: 'serial'`).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export { serviceAssets, serviceAttachments } from '@/server/schema';

export const ROLES = ['owner', 'member'] as const;
export type Role = (typeof ROLES)[number];

// demo:begin
// The demo's tables and values (campaigns, posts, team settings) sit between demo markers like this one:
// `npm run demo:remove` drops them, with a migration (docs/demo-removal.md).
export const CAMPAIGN_STATUSES = ['draft', 'active', 'archived'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Upper bound of a campaign budget (whole currency units). */
export const MAX_BUDGET = 1_000_000_000;

// demo:end
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 255 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    ...timestamps,
  },
  // Case-insensitive uniqueness: Alice@Example.com and alice@example.com are one user.
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

export const teams = pgTable('teams', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  ...timestamps,
});

export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 20, enum: ROLES }).notNull().default('member'),
    ...timestamps,
  },
  (t) => [
    unique('memberships_team_id_user_id_key').on(t.teamId, t.userId),
    index('memberships_user_id_idx').on(t.userId),
    check('memberships_role_check', sql`${t.role} in ('owner', 'member')`),
  ],
);

// demo:begin
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 120 }).notNull(),
    budget: integer('budget'),
    status: varchar('status', { length: 20, enum: CAMPAIGN_STATUSES }).notNull().default('draft'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // Lets posts reference (team_id, campaign_id): a post can never sit under another team's campaign.
    unique('campaigns_team_id_id_key').on(t.teamId, t.id),
    index('campaigns_team_id_created_at_idx').on(t.teamId, t.createdAt),
    index('campaigns_team_id_status_idx').on(t.teamId, t.status),
    check('campaigns_name_check', sql`char_length(btrim(${t.name})) between 1 and 120`),
    check('campaigns_budget_check', sql`${t.budget} between 0 and ${sql.raw(String(MAX_BUDGET))}`),
    check('campaigns_status_check', sql`${t.status} in ('draft', 'active', 'archived')`),
    // An active campaign has been published: creating one `active` publishes it (db/models/Campaign.ts).
    check('campaigns_published_at_check', sql`${t.status} <> 'active' or ${t.publishedAt} is not null`),
  ],
);

export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body'),
    ...timestamps,
  },
  (t) => [
    foreignKey({
      name: 'posts_team_id_campaign_id_fkey',
      columns: [t.teamId, t.campaignId],
      foreignColumns: [campaigns.teamId, campaigns.id],
    }).onDelete('cascade'),
    index('posts_campaign_id_created_at_idx').on(t.campaignId, t.createdAt),
    check('posts_title_check', sql`char_length(btrim(${t.title})) between 1 and 200`),
  ],
);

export const teamSettings = pgTable(
  'team_settings',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** An IANA zone name (checked by the model; PostgreSQL has no cheap check for it). */
    timezone: varchar('timezone', { length: 64 }).notNull().default('UTC'),
    weeklyDigest: boolean('weekly_digest').notNull().default(true),
    brandColor: varchar('brand_color', { length: 7 }).notNull().default('#2563eb'),
    ...timestamps,
  },
  (t) => [
    unique('team_settings_team_id_key').on(t.teamId),
    check('team_settings_brand_color_check', sql`${t.brandColor} ~ '^#[0-9a-fA-F]{6}$'`),
  ],
);

// demo:end
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    /** Public part of the token (`ak_<prefix>_<secret>`): finds the row without revealing anything. */
    prefix: varchar('prefix', { length: 16 }).notNull(),
    /** SHA-256 (hex) of the secret part. The secret itself is never stored. */
    hash: varchar('hash', { length: 64 }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    // A key acts as its creator: it dies with them.
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    unique('api_keys_prefix_key').on(t.prefix),
    index('api_keys_team_id_idx').on(t.teamId),
    // A key lives only as long as its creator's membership of the team: removing the member (or
    // leaving) deletes their keys for good, whatever path deletes the membership, and rejoining
    // creates a new membership that no old key points at.
    foreignKey({
      name: 'api_keys_membership_fkey',
      columns: [t.teamId, t.createdById],
      foreignColumns: [memberships.teamId, memberships.userId],
    }).onDelete('cascade'),
  ],
);

/**
 * An invitation to join a team, sent by email. The link carries a random
 * token; only its SHA-256 is stored. Single use (`acceptedAt`) and expiring.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 255 }).notNull(),
    role: varchar('role', { length: 20, enum: ROLES }).notNull().default('member'),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    invitedById: integer('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedById: integer('accepted_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    unique('invitations_token_hash_key').on(t.tokenHash),
    index('invitations_team_id_created_at_idx').on(t.teamId, t.createdAt),
    check('invitations_role_check', sql`${t.role} in ('owner', 'member')`),
  ],
);

// --- better-auth (backend/auth/auth.ts) -------------------------------

/** A signed-in browser. The cookie `app_session` carries `token` (signed); signing out deletes the row. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    token: varchar('token', { length: 255 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [unique('sessions_token_key').on(t.token), index('sessions_user_id_idx').on(t.userId)],
);

/** How a user proves who they are: `credential` (password hash) or an OAuth provider. */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

/** Short-lived secrets better-auth checks later (password-reset tokens). */
export const verifications = pgTable(
  'verifications',
  {
    id: serial('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * Rate-limit counters (rate-limiter-flexible's drizzle store): one row per
 * limited key, shared by every instance of the app.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
});
