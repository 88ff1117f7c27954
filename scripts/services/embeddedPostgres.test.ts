/**
 * The embedded PostgreSQL of dev, tests, e2e and bench: UTF8 whatever LANG
 * says, and an old cluster in another encoding refused with a way out.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embeddedPostgres';

const tempDir = mkdtempSync(path.join(os.tmpdir(), 'embedded-pg-test-'));
chmodSync(tempDir, 0o755); // as root the server runs as `postgres`, which must reach its folder
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

/** Starts a server with LANG and LC_* unset, as in a bare container or `env -i`. */
async function startWithoutLocale(dir: string, initdbFlags?: string[]) {
  const saved = Object.entries(process.env).filter(([key]) => key === 'LANG' || key.startsWith('LC_'));
  for (const [key] of saved) delete process.env[key];
  try {
    return await startEmbeddedPostgres({ dir: path.join(tempDir, dir), initdbFlags });
  } finally {
    for (const [key, value] of saved) process.env[key] = value;
  }
}

describe('embedded PostgreSQL', () => {
  it('is UTF8 and folds case of non-ASCII letters with LANG unset', async () => {
    const server = await startWithoutLocale('utf8');
    const sql = postgres(server.serverUrl, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql`
        select current_setting('server_encoding') as encoding,
               char_length(${'😀é'}::text) as chars,
               ${'Été promo'}::text ilike ${'%été%'} as accented,
               ${'ПРИВЕТ мир'}::text ilike ${'%привет%'} as cyrillic,
               lower(${'ÉTÉ'}::text) as lowered`;
      expect(row).toEqual({ encoding: 'UTF8', chars: 2, accented: true, cyrillic: true, lowered: 'été' });
    } finally {
      await sql.end({ timeout: 5 });
      await server.stop();
    }
  }, 60_000);

  it('refuses a cluster an earlier version created as SQL_ASCII, saying how to recreate it', async () => {
    const legacy = startWithoutLocale('legacy', ['--encoding=SQL_ASCII', '--no-locale']);
    await expect(legacy).rejects.toThrow(/stores text as SQL_ASCII, not UTF8[\s\S]*mv /);
  }, 60_000);
});
