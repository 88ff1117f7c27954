/**
 * The app's database schema (drizzle). Edit this file, then run
 * `npm run db:generate -- --name <what_changed>` to write a migration into
 * db/migrations/, and commit both.
 *
 * The demo domain: users belong to teams through memberships (role owner or
 * member); a team has campaigns, each campaign has posts; one settings row and
 * any number of API keys per team. Replace it with your own tables.
 *
 * Rules live in two places on purpose: the models (db/models) give friendly
 * field errors, and the database constraints below keep the data right even
 * for writes that skip the models (scripts, `updateAll`, psql). Check
 * constraints are named `<table>_<column>_check` so a violation becomes an
 * error on that field (see server/model/constraintErrors.ts).
 *
 * The attachment tables belong to the framework; they are re-exported here so
 * drizzle-kit creates them with the app's own migrations.
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

export const CAMPAIGN_STATUSES = ['draft', 'active', 'archived'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Upper bound of a campaign budget (whole currency units). */
export const MAX_BUDGET = 1_000_000_000;

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
  (t) => [unique('api_keys_prefix_key').on(t.prefix), index('api_keys_team_id_idx').on(t.teamId)],
);
