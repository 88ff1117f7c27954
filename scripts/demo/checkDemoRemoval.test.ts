/**
 * npm test's demo-removal step, stopped: the throw-away copy it made in the
 * temporary folder (a build and hundreds of MB of links) goes with it. Once the
 * demo is gone the step has nothing to copy, and this test says so and skips.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { until } from '@/server/testing';
import { planDemoRemoval } from './planDemoRemoval';

const root = path.resolve(import.meta.dirname, '../..');
const plan = planDemoRemoval(root);
const noDemo = plan.deletions.length === 0 && plan.edits.length === 0;
if (noDemo) console.log('checkDemoRemoval.test.ts: skipped, the demo is gone (the step has no copy to make)');

it.skipIf(noDemo)(
  'removes its copy of the project when stopped with SIGTERM, and exits 143',
  async () => {
    const step = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo/checkDemoRemoval.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    step.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    step.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => step.once('close', (code) => resolve(code)));
    const copy = await until(() => /demo:remove -- --yes in (\S+)/.exec(output)?.[1], 30_000, 'the copy to be made');
    expect(existsSync(copy)).toBe(true);

    step.kill('SIGTERM');
    expect(await exited, output).toBe(143);
    expect(output).toContain('demo removal: stopped by SIGTERM');
    expect(existsSync(copy)).toBe(false);
  },
  60_000,
);
