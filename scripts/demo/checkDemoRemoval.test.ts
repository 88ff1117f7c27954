/**
 * npm test's demo-removal step, stopped: the throw-away copy it made in the
 * temporary folder (a build and hundreds of MB of links) goes with it. Once the
 * demo is gone the step has nothing to copy, and this test says so and skips.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { until } from '@/server/testing';
import { planDemoRemoval } from './planDemoRemoval';

const root = path.resolve(import.meta.dirname, '../..');
const plan = planDemoRemoval(root);
const noDemo = plan.deletions.length === 0 && plan.edits.length === 0;
if (noDemo) console.log('checkDemoRemoval.test.ts: skipped, the demo is gone (the step has no copy to make)');

it.skipIf(noDemo)(
  'removes its copy of the project when stopped, as a terminal or CI job stops it',
  async () => {
    // Its own process group, signalled whole as Ctrl-C or a CI job's stop signals every process of the step.
    const step = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo/checkDemoRemoval.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    step.stdout.on('data', collect);
    step.stderr.on('data', collect);
    const exited = new Promise<number | null>((resolve) => step.once('close', (code) => resolve(code)));
    let copy: string | undefined;
    try {
      copy = await until(() => /demo:remove -- --yes in (\S+)/.exec(output)?.[1], 30_000, 'the copy to be made');
      expect(existsSync(copy)).toBe(true);
      process.kill(-(step.pid as number), 'SIGTERM');
      // 143 when its handler stopped it; 1 when the step it was running failed first. Not killed by the signal.
      expect([1, 143], output).toContain(await exited);
      expect(existsSync(copy), output).toBe(false);
    } finally {
      if (step.exitCode === null && step.signalCode === null) process.kill(-(step.pid as number), 'SIGKILL');
      if (copy) rmSync(copy, { recursive: true, force: true });
    }
  },
  120_000,
);
