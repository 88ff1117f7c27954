import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isProcessAlive, loadEnvFiles, readLiveDevEnv, removeDevEnv, writeDevEnv } from './devEnvFile';

describe('isProcessAlive (decides whether .data/dev-env.json is live)', () => {
  it('is true for a running process and false once it has exited', async () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10_000)']);
    const pid = child.pid as number;
    expect(isProcessAlive(pid)).toBe(true);
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(isProcessAlive(pid)).toBe(false);
  });
});

describe('DEV_DATA_DIR from an env file (loaded after this module is imported, as in scripts/dev.ts)', () => {
  const saved = process.env.DEV_DATA_DIR;
  let project: string | undefined;
  afterEach(() => {
    removeDevEnv(process.pid);
    if (saved === undefined) delete process.env.DEV_DATA_DIR;
    else process.env.DEV_DATA_DIR = saved;
    if (project) rmSync(project, { recursive: true, force: true });
  });

  // `.env`: under Vitest (NODE_ENV=test) Next.js loads no `.env.local`; `npm run dev` loads both the same way.
  it('moves dev-env.json where the env file says', () => {
    delete process.env.DEV_DATA_DIR;
    project = mkdtempSync(path.join(tmpdir(), 'dev-env-'));
    const dataDir = path.join(project, 'elsewhere');
    writeFileSync(path.join(project, '.env'), `DEV_DATA_DIR=${dataDir}\n`);

    loadEnvFiles(project);
    writeDevEnv({ pid: process.pid, appUrl: 'http://localhost:3999', env: {} });

    expect(existsSync(path.join(dataDir, 'dev-env.json'))).toBe(true);
    expect(readLiveDevEnv()?.appUrl).toBe('http://localhost:3999');
  });
});
