/**
 * `npm run demo:remove` on a small project of its own: what it plans from the
 * markers, and that it writes nothing unless told to. The whole removal on a
 * copy of this project, followed by that copy's `npm test`, is npm test's
 * "demo removal" step (scripts/demo/checkDemoRemoval.ts).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../demoRemove';
import { planDemoRemoval } from './planDemoRemoval';

let root: string;
const FILES: Record<string, string> = {
  'package.json': `${JSON.stringify({ scripts: { bench: 'tsx bench/run.ts', dev: 'tsx scripts/dev.ts' } }, null, 2)}\n`,
  'bench/run.ts': '// demo:file (npm run demo:remove deletes this file)\nexport {};\n',
  'app/teams/[teamId]/campaigns/[id]/page.tsx': '// demo:file\nexport default function Page() {}\n',
  'app/components/TeamNav.tsx':
    'const links = [\n  members,\n  {/* demo:begin */}\n  campaigns,\n  {/* demo:end */}\n];\n',
  'docs/guide.md':
    '# Guide\n<!-- demo:begin -->\nThe demo.\n![The demo](shot.png)\n<!-- demo:end -->\nYours.\n![Yours](diagram.png)\n',
  'README.md': '# App\n<!-- demo:begin -->\n![Also the demo](docs/shot.png)\n<!-- demo:end -->\n',
  'docs/shot.png': 'PNG: shown only in the demo regions',
  'docs/diagram.png': 'PNG: shown outside them',
  'app/icon.svg': '<svg/>',
  'db/migrations/0001_demo.sql': '-- demo:file\nCREATE TABLE campaigns ();\n',
  'node_modules/pkg/index.ts': '// demo:file\n',
  'scripts/dev.ts': 'export {};\n',
};
const snapshot = () => Object.fromEntries(Object.keys(FILES).map((file) => [file, read(file)]));
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'demo-remove-'));
  mkdirSync(path.join(root, 'db/models'), { recursive: true });
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm run demo:remove', () => {
  it('plans from the markers: demo files, cut regions, scripts that run a deleted file; never migrations or dependencies', () => {
    const plan = planDemoRemoval(root);
    expect(plan.deletions).toEqual(['app/teams/[teamId]/campaigns/[id]/page.tsx', 'bench/run.ts', 'docs/shot.png']);
    expect(plan.edits).toEqual([
      { file: 'README.md', text: '# App\n' },
      { file: 'app/components/TeamNav.tsx', text: 'const links = [\n  members,\n];\n' },
      { file: 'docs/guide.md', text: '# Guide\nYours.\n![Yours](diagram.png)\n' },
    ]);
    expect(plan.scripts).toEqual(['bench']);
  });

  it('deletes an image only the cut regions show (it cannot carry a marker); keeps one shown elsewhere or named by no file', () => {
    const { deletions } = planDemoRemoval(root);
    expect(deletions).toContain('docs/shot.png');
    expect(deletions).not.toContain('docs/diagram.png');
    expect(deletions).not.toContain('app/icon.svg');
  });

  it('lists what it will remove, then asks: no answer or "no" removes nothing', async () => {
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    expect(await main([], { root, log })).toBe(1);
    expect(lines).toContain('  delete  bench/run.ts');
    expect(lines).toContain('  edit    app/components/TeamNav.tsx');
    expect(lines.at(-1)).toMatch(/nothing removed\. Run `npm run demo:remove -- --yes`/);

    const questions: string[] = [];
    const no = async (question: string) => {
      questions.push(question);
      return false;
    };
    expect(await main([], { root, log, confirm: no })).toBe(1);
    expect(questions).toEqual(['Remove the demo? [y/N] ']);
    expect(await main(['--dry-run'], { root, log })).toBe(0);
    expect(snapshot()).toEqual(FILES);
  });

  it('refuses unknown options and unbalanced markers before writing anything', async () => {
    const log = () => {};
    await expect(main(['--force'], { root, log })).rejects.toThrow('unknown option --force');
    writeFileSync(path.join(root, 'scripts/dev.ts'), '// demo:begin\nexport {};\n');
    await expect(main(['--yes'], { root, log })).rejects.toThrow('scripts/dev.ts:1: demo:begin is never closed');
    expect(read('bench/run.ts')).toBe(FILES['bench/run.ts']);
    expect(read('app/components/TeamNav.tsx')).toBe(FILES['app/components/TeamNav.tsx']);
  });

  it('says so when there is no demo left', async () => {
    const lines: string[] = [];
    const bare = mkdtempSync(path.join(os.tmpdir(), 'demo-removed-'));
    writeFileSync(path.join(bare, 'page.tsx'), 'export {};\n');
    try {
      expect(await main(['--yes'], { root: bare, log: (line) => lines.push(line) })).toBe(0);
      expect(lines).toEqual(['demo:remove: no demo left to remove.']);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });

  it('refuses, changing nothing, while a table of yours references a demo table', async () => {
    const schema = [
      "export const teams = pgTable('teams', { id: serial('id').primaryKey() });",
      '// demo:begin',
      "export const campaigns = pgTable('campaigns', {",
      "  id: serial('id').primaryKey(),",
      '});',
      '// demo:end',
      "export const products = pgTable('products', {",
      "  id: serial('id').primaryKey(),",
      "  teamId: integer('team_id').references(() => teams.id),",
      "  campaignId: integer('campaign_id')",
      '    .notNull()',
      "    .references(() => campaigns.id, { onDelete: 'cascade' }),",
      '});',
      '',
    ].join('\n');
    writeFileSync(path.join(root, 'db/schema.ts'), schema);
    writeFileSync(path.join(root, 'db/models/Product.ts'), 'export class Product extends Model(products, {}) {}\n');
    const before = { ...snapshot(), schema: read('db/schema.ts') };
    await expect(main(['--yes'], { root, log: () => {} })).rejects.toThrow(
      'demo:remove: Product (products.campaign_id -> campaigns) references the demo, which would go',
    );
    expect({ ...snapshot(), schema: read('db/schema.ts') }).toEqual(before);
  });
});
