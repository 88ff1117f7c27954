import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, it, vi } from 'vitest';
import { generatedListFiles, watchGeneratedLists } from './watchGeneratedLists';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function project(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'gen-lists-'));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(path.join(root, 'controllers'));
  mkdirSync(path.join(root, 'db', 'models'), { recursive: true });
  writeFileSync(path.join(root, 'controllers', 'controllers.gen.ts'), 'export const a = 1;\n');
  writeFileSync(path.join(root, 'controllers', 'serverClients.gen.ts'), 'export const b = 1;\n');
  writeFileSync(path.join(root, 'controllers', 'NoteController.ts'), 'export class NoteController {}\n');
  writeFileSync(path.join(root, 'db', 'models', 'models.gen.ts'), 'export const c = 1;\n');
  return root;
}

it('finds the generated files of the given folders, and only those', () => {
  const root = project();
  expect(generatedListFiles(root, ['controllers', 'db/models']).map((file) => path.relative(root, file))).toEqual([
    'controllers/controllers.gen.ts',
    'controllers/serverClients.gen.ts',
    'db/models/models.gen.ts',
  ]);
});

it('reports a burst of changed files once, and a rewrite with the same content not at all', async () => {
  const root = project();
  const files = generatedListFiles(root, ['controllers', 'db/models']);
  const calls: string[][] = [];
  // A settle time well past the 100 ms between the two writes below, so a slow machine still sees one burst.
  const settleMs = 1_000;
  const stop = watchGeneratedLists(files, (changed) => calls.push(changed), { intervalMs: 50, settleMs });
  cleanups.push(stop);

  // Same content (an editor's save, gen finding nothing new): no restart.
  writeFileSync(path.join(root, 'controllers', 'controllers.gen.ts'), 'export const a = 1;\n');
  await sleep(settleMs + 500);
  expect(calls).toEqual([]);

  // gen writing two lists in a row: one call naming both, and nothing after it.
  writeFileSync(path.join(root, 'controllers', 'controllers.gen.ts'), 'export const a = 2;\n');
  await sleep(100);
  writeFileSync(path.join(root, 'db', 'models', 'models.gen.ts'), 'export const c = 2;\n');
  await vi.waitFor(() => expect(calls).toHaveLength(1), { timeout: 5_000, interval: 50 });
  await sleep(settleMs + 200);
  expect(calls.map((changed) => changed.map((file) => path.relative(root, file)).sort())).toEqual([
    ['controllers/controllers.gen.ts', 'db/models/models.gen.ts'],
  ]);
});
