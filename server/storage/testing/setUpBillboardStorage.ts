/**
 * The set-up of a test file on the billboards fixture with real storage
 * (attachmentFixtures.ts): the table and an s3rver before the first test,
 * empty attachment tables before each one, both stopped after the last.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { db } from '@/server';
import { closeTestDatabase } from '../../testing/testDatabase';
import { startTestStorage, type TestStorage } from '../../testing/testStorage';
import type { StorageOptions } from '../configureStorage';
import { createBillboardsTable } from './attachmentFixtures';

/** Registers the file's hooks (as uploadFlow.ts's setUpUploadEnvironment does for the upload-flow tests). */
export function setUpBillboardStorage(overrides: Partial<StorageOptions> = {}): { storage: () => TestStorage } {
  let storage: TestStorage | undefined;
  beforeAll(async () => {
    await createBillboardsTable();
    storage = await startTestStorage(overrides);
  });
  afterAll(async () => {
    await storage?.stop();
    await closeTestDatabase();
  });
  beforeEach(async () => {
    await db().execute(sql`truncate service_attachments, service_assets, billboards restart identity`);
  });
  return {
    storage: () => {
      if (!storage) throw new Error('storage not started: read it inside a test');
      return storage;
    },
  };
}
