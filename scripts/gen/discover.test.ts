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

  it('fails, naming the file, on a decorated controller it cannot list, instead of leaving it unserved', () => {
    const decorated = (name: string) => `@scope('teamId')\n@crud(Note)\nexport class ${name} extends X {}\n`;
    const misplaced = mkdtempSync(path.join(tmpdir(), 'discover-misplaced-'));
    try {
      const cases: [string, string][] = [
        ['controllers/notes/NoteController.ts', decorated('NoteController')],
        ['controllers/Notes.ts', decorated('Notes')],
        // No class decorator at all: its @action methods make it a controller all the same.
        ['controllers/Notes.ts', "export class Notes extends X {\n  @action('GET')\n  list() {}\n}\n"],
        ['controllers/NoteControler.ts', 'export class NoteControler extends X {\n  @mutation()\n  publish() {}\n}\n'],
        [
          'controllers/NoteController.ts',
          '@crud(Note)\nclass NoteController extends X {}\nexport { NoteController };\n',
        ],
      ];
      for (const [file, text] of cases) {
        rmSync(path.join(misplaced, 'controllers'), { recursive: true, force: true });
        mkdirSync(path.dirname(path.join(misplaced, file)), { recursive: true });
        writeFileSync(path.join(misplaced, file), text);
        expect(() => discoverControllers(misplaced), file).toThrow(
          `${file} declares a controller that \`npm run gen\``,
        );
      }
      // A decorated abstract base is not served by itself; a file about to be deleted is not looked at.
      writeFileSync(path.join(misplaced, 'controllers/Base.ts'), "@scope('teamId')\nexport abstract class Base {}\n");
      expect(discoverControllers(misplaced, new Set(['controllers/NoteController.ts']))).toEqual([]);
    } finally {
      rmSync(misplaced, { recursive: true, force: true });
    }
  });
});
