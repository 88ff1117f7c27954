/**
 * `.data/dev-env.json`: the variables a running `npm run dev` generated (the
 * embedded database and S3 URLs, the session secret). `scripts/withDevEnv.ts`
 * merges them under the real environment, so `db:migrate`, `db:seed` and
 * `db:studio` reach the dev services without any configuration.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nextEnv from '@next/env';

/**
 * Everything the dev services keep between runs. Delete it to start from
 * scratch. DEV_DATA_DIR moves it (the dev script's own test uses a temporary one).
 * Read on each call, not at import: `.env.local` may set DEV_DATA_DIR, and
 * loadEnvFiles() runs after this module is imported.
 */
export function dataDir(): string {
  return path.resolve(process.env.DEV_DATA_DIR || '.data');
}
const devEnvFile = () => path.join(dataDir(), 'dev-env.json');

export interface DevEnvFile {
  /** Pid of the `npm run dev` process that wrote the file; the file is stale once it is gone. */
  pid: number;
  /** Where the app answers, for messages. */
  appUrl: string;
  env: Record<string, string>;
}

export function writeDevEnv(file: DevEnvFile): void {
  mkdirSync(dataDir(), { recursive: true });
  // 0600: it holds the session secret.
  writeFileSync(devEnvFile(), `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
}

/** The file of a dev process that is still running, else undefined. */
export function readLiveDevEnv(): DevEnvFile | undefined {
  if (!existsSync(devEnvFile())) return undefined;
  try {
    const file = JSON.parse(readFileSync(devEnvFile(), 'utf8')) as DevEnvFile;
    return isProcessAlive(file.pid) ? file : undefined;
  } catch {
    return undefined;
  }
}

/** Removes the file, but only when `pid` wrote it (a second dev may own it). */
export function removeDevEnv(pid: number): void {
  try {
    const file = JSON.parse(readFileSync(devEnvFile(), 'utf8')) as DevEnvFile;
    if (file.pid === pid) rmSync(devEnvFile(), { force: true });
  } catch {
    // Already gone or unreadable: nothing to clean.
  }
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed process whose parent has not reaped it yet (Linux) is a zombie: dead.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/**
 * Loads `.env`, `.env.local`, `.env.development` ... exactly as Next.js does
 * (real environment variables win), so the scripts see what `next dev` sees.
 */
export function loadEnvFiles(dir = process.cwd()): void {
  nextEnv.loadEnvConfig(dir, process.env.NODE_ENV !== 'production', { info: () => {}, error: console.error });
}
