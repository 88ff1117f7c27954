// demo:file (npm run demo:remove deletes this file)
/** Starts bench/services/s3rverChild.ts and waits for its ready line. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { stopChild } from '../../scripts/shutdown';
import type { Cleanup } from '../cleanup';

export interface BenchS3 {
  endpoint: string;
  bucket: string;
  /** The S3_* variables that point the app at this server. */
  env: Record<string, string>;
  pid: number;
}

const READY_TIMEOUT_MS = 30_000;

export async function startS3Process(options: { dataDir: string; cleanup: Cleanup }): Promise<BenchS3> {
  const script = path.join(import.meta.dirname, 's3rverChild.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, options.dataDir], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  });
  options.cleanup.add('stop s3rver', () => stopChild(child));
  const lines = createInterface({ input: child.stdout });
  const ready = new Promise<Omit<BenchS3, 'pid'>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('s3rver did not start within 30 s')), READY_TIMEOUT_MS);
    child.once('exit', (code) => reject(new Error(`s3rver exited early (code ${code})`)));
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line) as Omit<BenchS3, 'pid'>);
    });
  });
  const info = await ready;
  return { ...info, pid: child.pid as number };
}
