/**
 * Runs before each test file: clones the migrated template into a fresh
 * database for this file and points DATABASE_URL at it; drops it afterwards.
 * Also silences the framework's logger.
 */
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import type postgres from 'postgres';
import { afterAll, inject } from 'vitest';
import { configureLogger } from '../../server/log';
import { cloneDatabase, dropDatabase } from '../services/embeddedPostgres';

// Quiet by default (the app's backend/logger.ts is silent under tests too);
// a test that reads log lines configures a logger of its own.
configureLogger(pino({ level: 'silent' }));

const serverUrl = inject('pgServerUrl');
const name = `${inject('pgFilePrefix')}${randomBytes(6).toString('hex')}`;
process.env.DATABASE_URL = await cloneDatabase(serverUrl, inject('pgTemplate'), name);

afterAll(async () => {
  // db/database.ts caches its pool on globalThis; close it before dropping.
  const cached = (globalThis as { __appDb?: { $client: postgres.Sql } }).__appDb;
  await cached?.$client.end({ timeout: 5 });
  await dropDatabase(serverUrl, name);
});
