/**
 * `npm start` gives the server the memory defaults docs/deployment.md
 * recommends unless the user chose otherwise: MALLOC_ARENA_MAX=2 and
 * `--max-semi-space-size=8` (the heap cap stays the deployer's: a bigger app
 * may need more). Both must be set before Node starts (glibc reads the
 * variable at its first allocation, V8 sizes its young generation when the
 * heap is created), so they live in the start command, not in the launcher.
 *
 * The script ends in `exec node ...`, so node replaces the shell npm starts
 * it with: a SIGTERM sent to that shell's pid (a process manager that tracks
 * the child it spawned) then reaches the server and its graceful shutdown,
 * where without `exec` it ended the shell and left the server running.
 *
 * Runs package.json's own start script with the shell npm uses, in a folder
 * whose `.next/standalone/server.js` reports what it was started with. V8's
 * `heap_size_limit` is the old-space cap plus three semi-spaces, so with
 * `--max-old-space-size=256` it is 280 MB at 8 MB semi-spaces and 304 MB at 16.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

const startScript = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'start-command-'));
  mkdirSync(path.join(dir, '.next', 'standalone'), { recursive: true });
  writeFileSync(
    path.join(dir, '.next', 'standalone', 'server.js'),
    `const v8 = require('node:v8');
     console.log(JSON.stringify({
       arenas: process.env.MALLOC_ARENA_MAX ?? null,
       heapMb: Math.round(v8.getHeapStatistics().heap_size_limit / 1024 / 1024),
       manualSignals: process.env.NEXT_MANUAL_SIG_HANDLE ?? null,
       pid: process.pid,
     }));`,
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Report {
  arenas: string | null;
  heapMb: number;
  manualSignals: string | null;
}

/** Runs the start script with `env` (plus PATH, as a deploy's would be): the shell's pid and what the server saw. */
function run(env: Record<string, string>): { shellPid: number; report: Report & { pid: number } } {
  const result = spawnSync('/bin/sh', ['-c', startScript], {
    cwd: dir,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`start script failed: ${result.stderr}`);
  return { shellPid: result.pid, report: JSON.parse(result.stdout) };
}

/** What the server saw when started by the start script with `env`. */
function started(env: Record<string, string>): Report {
  const { pid: _pid, ...report } = run(env).report;
  return report;
}

it('sets MALLOC_ARENA_MAX=2 and 8 MB semi-spaces when the user set neither', () => {
  expect(started({ NODE_OPTIONS: '--max-old-space-size=256' })).toEqual({
    arenas: '2',
    heapMb: 280,
    manualSignals: 'true',
  });
});

it("keeps the user's own MALLOC_ARENA_MAX and semi-space size", () => {
  expect(
    started({ MALLOC_ARENA_MAX: '4', NODE_OPTIONS: '--max-old-space-size=256 --max-semi-space-size=16' }),
  ).toMatchObject({ arenas: '4', heapMb: 304 });
});

it('keeps an empty MALLOC_ARENA_MAX empty (glibc then uses its own default)', () => {
  expect(started({ MALLOC_ARENA_MAX: '' })).toMatchObject({ arenas: '' });
});

it('leaves the heap cap to the deployer', () => {
  const { heapMb } = started({});
  // V8 sizes the default cap from the machine's memory; it is never the recommended 256 MB one.
  expect(heapMb).toBeGreaterThan(280);
});

it('replaces the shell with node, so a signal sent to the process it started reaches the server', () => {
  const { shellPid, report } = run({});
  expect(report.pid).toBe(shellPid);
});
