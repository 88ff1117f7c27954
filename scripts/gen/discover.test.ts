/**
 * The app's lists are derived from its files: the committed `*.gen.ts` lists
 * match the tree, and a new controller, model or seeder file is found
 * without a line anywhere else (abstract classes, tests and misnamed exports
 * are not).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverControllers, discoveredFiles, discoverModels, discoverSeeders } from './discover';

const ROOT = path.resolve(import.meta.dirname, '../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'discover-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
  writeFileSync(path.join(scratch, file), text);
}

describe('derived lists', () => {
  for (const file of discoveredFiles(ROOT)) {
    it(`${file.out} matches the files on disk`, () => {
      expect(readFileSync(path.join(ROOT, file.out), 'utf8') === file.text, `run \`npm run gen\``).toBe(true);
    });
  }

  it('finds the app controllers and models, and registers no base class', () => {
    const controllers = discoverControllers(ROOT);
    expect(controllers).toContain('MemberController');
    expect(controllers).not.toContain('TeamScopedController');
    expect(discoverModels(ROOT)).toContain('Membership');
    expect(discoverModels(ROOT)).not.toContain('registry');
  });

  it('a new file is enough: controllers, models and seeders are found by name and export', () => {
    write('controllers/NoteController.ts', 'export class NoteController extends TeamScopedController {}\n');
    write('controllers/BaseController.ts', 'export abstract class BaseController {}\n');
    write('controllers/NoteController.test.ts', 'export class NoteController {}\n');
    write('controllers/OddController.ts', 'export class SomethingElse {}\n');
    write('db/models/Note.ts', 'export class Note extends Model(notes, { name: "Note" }) {}\n');
    write('db/models/helpers.ts', 'export const x = 1;\n');
    write('db/seeds/notes.ts', 'export const notesSeeder = { name: "notes", run: async () => {} };\n');
    write('db/seeds/other.ts', 'export const somethingElse = 1;\n');
    expect(discoverControllers(scratch)).toEqual(['NoteController']);
    expect(discoverModels(scratch)).toEqual(['Note']);
    expect(discoverSeeders(scratch)).toEqual(['notes']);
    const [controllers, models, seeders] = discoveredFiles(scratch).map((file) => file.text);
    expect(controllers).toContain("import { NoteController } from './NoteController';");
    expect(controllers).toContain('export const controllerClasses = [NoteController] as const;');
    expect(models).toContain("export * from './Note';");
    expect(models).toContain('export const modelClasses = { Note };');
    expect(seeders).toContain('export const discoveredSeeders: Seeder[] = [notesSeeder];');

    // As the lists will be once a remover has deleted these files (it writes them first).
    const gone = new Set(['controllers/NoteController.ts', 'db/models/Note.ts', 'db/seeds/notes.ts']);
    const [without, withoutModels, withoutSeeders] = discoveredFiles(scratch, gone).map((file) => file.text);
    expect(without).toContain('export const controllerClasses = [] as const;');
    expect(withoutModels).toContain('export const modelClasses = {  };');
    expect(withoutSeeders).toContain('export const discoveredSeeders: Seeder[] = [];');
  });
});
