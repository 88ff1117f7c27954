// demo:file (npm run demo:remove deletes this file)
/**
 * The bench's own database: with DATABASE_URL, a fresh `bench_<timestamp>`
 * database on that server (dropped at the end); without, an embedded
 * PostgreSQL in the run's temporary folder (stopped at the end).
 */
import path from 'node:path';
import { dropDatabase, ensureDatabase, startEmbeddedPostgres } from '../../scripts/services/embeddedPostgres';
import type { Cleanup } from '../cleanup';

export interface BenchDatabase {
  url: string;
  /** `embedded` or `DATABASE_URL server`, for the report. */
  where: string;
}

export async function startDatabase(options: {
  serverUrl: string | undefined;
  tempDir: string;
  cleanup: Cleanup;
}): Promise<BenchDatabase> {
  const { serverUrl, tempDir, cleanup } = options;
  if (serverUrl) {
    const name = `bench_${Date.now()}`;
    const url = await ensureDatabase(serverUrl, name);
    cleanup.add(`drop database ${name}`, () => dropDatabase(serverUrl, name));
    return { url, where: `database ${name} on the DATABASE_URL server` };
  }
  const dataDir = path.join(tempDir, 'postgres');
  const server = await startEmbeddedPostgres({ dir: dataDir });
  cleanup.add('stop embedded PostgreSQL', server.stop);
  return { url: await ensureDatabase(server.serverUrl, 'bench'), where: `embedded PostgreSQL on port ${server.port}` };
}
