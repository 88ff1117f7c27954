/**
 * The generator on a throw-away copy of the project (a git repository, so
 * `git status` shows what it touched): refusals and `--dry-run` write
 * nothing; the documented scaffold changes at most two existing files
 * besides generated ones and migrations, and the result typechecks and
 * lints; `--force` with a new field keeps the user's edits (or marks a
 * conflict); `destroy` leaves only migrations behind.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../generate';
import { copyProject, type ProjectCopy } from '../readmeRecipe/copyProject';
import { parseResourceName } from './parseScaffold';

const ROOT = path.resolve(import.meta.dirname, '../..');
/**
 * The first candidate the project does not use yet (no model, controller, scaffold record or table), so
 * the test still runs once you scaffolded a Product of your own (the README's example).
 */
function unusedName(candidates: readonly string[]): string {
  const schema = readFileSync(path.join(ROOT, 'db/schema.ts'), 'utf8');
  const found = candidates.find((candidate) => {
    const { table } = parseResourceName(candidate);
    return (
      ![`db/models/${candidate}.ts`, `controllers/${candidate}Controller.ts`, `.generator/scaffold/${candidate}.json`]
        .map((file) => existsSync(path.join(ROOT, file)))
        .includes(true) && !new RegExp(`pgTable\\(\\s*'${table}'`).test(schema)
    );
  });
  if (!found) throw new Error(`scaffold.test: ${candidates.join(', ')} all exist in the project; add a candidate`);
  return found;
}
const NAME = unusedName(['Product', 'Gadget', 'Widget', 'Gizmo', 'Sprocket']);
// Single words: the table, the URL segment and the label are the same word (`gadgets`, `gadget`).
const { plural, camel, table } = parseResourceName(NAME);
/** A second resource, referencing the first (destroy must refuse while it does). */
const OTHER = unusedName(['Gadget', 'Widget', 'Gizmo', 'Sprocket', 'Doohickey'].filter((name) => name !== NAME));
/** A model name nothing defines, for the refusal of a reference to a missing model. */
const MISSING = unusedName(['Brand', 'Maker', 'Vendor', 'Supplier']);
// The documented command references the demo's campaigns; once `npm run demo:remove` took them out, it goes without.
const withDemo = existsSync(path.join(ROOT, 'db/models/Campaign.ts'));
const REFERENCE = withDemo ? ['campaign:references'] : [];
const PINNED = ['name:string', 'price:integer', 'status:enum:draft,live', ...REFERENCE, 'notes:text:optional'];
const PERMITTED = ['name', 'price', 'status', ...(withDemo ? ['campaignId'] : []), 'notes', 'sku']
  .map((name) => `'${name}'`)
  .join(', ');

let copy: ProjectCopy;
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
    cwd: copy.root,
    encoding: 'utf8',
  });
/** `git status --porcelain` paths, untracked folders expanded. */
const changed = () =>
  git('status', '--porcelain', '--untracked-files=all')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3));
const generate = (...args: string[]) => main(args, copy.root);
const file = (name: string) => readFileSync(path.join(copy.root, name), 'utf8');
const camelOf = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);
const bin = (name: string) => path.join(copy.root, 'node_modules/.bin', name);
/** What a run printed (console.log), and its exit code checked to be 0. */
async function logged(run: () => Promise<number>): Promise<string[]> {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line) => lines.push(String(line)));
  try {
    expect(await run()).toBe(0);
  } finally {
    log.mockRestore();
  }
  return lines;
}

beforeAll(() => {
  copy = copyProject(ROOT);
  git('init', '-q');
  // node_modules is a symlink in the copy: the project's `node_modules/` pattern does not match it.
  writeFileSync(path.join(copy.root, '.git/info/exclude'), 'node_modules\n');
  git('add', '-A');
  git('commit', '-qm', 'before the scaffold');
});
afterAll(() => copy?.remove());

describe('npm run generate -- scaffold', () => {
  it('refuses bad commands and existing resources, writing nothing', async () => {
    await expect(generate('scaffold', NAME, 'price:money')).rejects.toThrow('unknown type "money"');
    await expect(generate('scaffold', NAME, `${camelOf(MISSING)}:references`)).rejects.toThrow(
      `${camelOf(MISSING)}:references names no model: db/models/${MISSING}.ts does not exist`,
    );
    await expect(generate('scaffold', 'ApiKey', 'name:string')).rejects.toThrow(/ApiKey exists already/);
    await expect(generate('scaffold', NAME, 'name:string', '--yes')).rejects.toThrow('unknown option --yes');
    // db/schema.ts re-exports the framework's tables: a scaffold of the same name would export it twice.
    await expect(generate('scaffold', 'ServiceAttachment', 'title:string')).rejects.toThrow(
      'db/schema.ts already has a table service_attachments (or exports serviceAttachments',
    );
    expect(changed()).toEqual([]);
  });

  it('--dry-run prints the plan and writes nothing', async () => {
    expect(await generate('scaffold', NAME, ...PINNED, '--dry-run')).toBe(0);
    expect(changed()).toEqual([]);
  });

  it('writes a resource that typechecks and lints, touching two existing files besides generated ones', async () => {
    expect(await generate('scaffold', NAME, ...PINNED)).toBe(0);
    const tracked = new Set(git('ls-files').split('\n'));
    const edited = changed().filter((name) => tracked.has(name) && !/\.gen\.|^db\/migrations\//.test(name));
    expect(edited.sort()).toEqual(['app/components/TeamNav.tsx', 'db/schema.ts']);
    expect(changed()).toEqual(
      expect.arrayContaining([
        `controllers/${NAME}Controller.ts`,
        `controllers/${NAME}Controller.test.ts`,
        `e2e/${plural}.spec.ts`,
        `app/teams/[teamId]/${plural}/[id]/edit/page.tsx`,
        `.generator/scaffold/${NAME}.json`,
      ]),
    );
    expect(changed().some((name) => new RegExp(`^db/migrations/\\d{4}_create_${table}\\.sql$`).test(name))).toBe(true);
    expect(file('controllers/controllers.gen.ts')).toContain(`${NAME}Controller`);
    execFileSync(bin('tsc'), ['--noEmit'], { cwd: copy.root, encoding: 'utf8' });
    execFileSync(bin('biome'), ['check', '.'], { cwd: copy.root, encoding: 'utf8' });
    git('add', '-A');
    git('commit', '-qm', 'scaffold');
  }, 300_000);

  it('refuses to run again without --force', async () => {
    await expect(generate('scaffold', NAME, ...PINNED)).rejects.toThrow('add --force to regenerate it');
    expect(changed()).toEqual([]);
  });

  it('--force with a new field merges it into edited files and adds a migration for the column', async () => {
    const controller = `controllers/${NAME}Controller.ts`;
    const page = `app/teams/[teamId]/${plural}/new/page.tsx`;
    writeFileSync(
      path.join(copy.root, controller),
      file(controller).replace('{}\n', '{\n  // Our own action goes here.\n}\n'),
    );
    writeFileSync(path.join(copy.root, page), file(page).replace(`<h1>New ${camel}</h1>`, `<h1>Add a ${camel}</h1>`));
    // A generated file the user deleted stays deleted, and the output says so.
    const spec = `e2e/${plural}.spec.ts`;
    rmSync(path.join(copy.root, spec));
    const lines: unknown[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line) => lines.push(line));
    try {
      expect(await generate('scaffold', NAME, ...PINNED, 'sku:string:optional', '--force')).toBe(0);
    } finally {
      log.mockRestore();
    }
    expect(existsSync(path.join(copy.root, spec))).toBe(false);
    expect(lines).toContain(`  deleted ${spec} (made by the scaffold, deleted since: not brought back)`);
    expect(file(controller)).toContain('// Our own action goes here.');
    expect(file(controller)).toContain(`permit: [${PERMITTED}]`);
    expect(file(page)).toContain(`<h1>Add a ${camel}</h1>`);
    expect(file(`app/components/${plural}/${NAME}Form.tsx`)).toContain(`id="${camel}-sku"`);
    const migration = changed().find((name) => new RegExp(`^db/migrations/\\d{4}_update_${table}\\.sql$`).test(name));
    expect(file(migration as string)).toContain(`ALTER TABLE "${table}" ADD COLUMN "sku" varchar(255);`);
    git('add', '-A');
    git('commit', '-qm', 'sku');
  }, 120_000);

  it('--dry-run --force with the same fields calls every file same, and the run asks for no migration', async () => {
    const again = [...PINNED, 'sku:string:optional', '--force'];
    const planned = await logged(() => generate('scaffold', NAME, ...again, '--dry-run'));
    expect(planned.filter((line) => /^ {2}(create|merge|CONFLICT|edit|remove) /.test(line))).toEqual([]);
    expect(planned).toContain(`  same    controllers/${NAME}Controller.ts`);
    expect(planned).toContain('  same    db/schema.ts');
    const ran = await logged(() => generate('scaffold', NAME, ...again));
    expect(ran).toContain(`scaffold ${NAME}: done. No table changed, so there is no migration to apply.`);
    expect(ran.join('\n')).not.toContain('Apply the migration');
    expect(changed()).toEqual([]);
  }, 120_000);

  it('fails, instead of saying done, when drizzle-kit stops at a rename question (it exits 0 without a terminal)', async () => {
    // --dry-run runs no drizzle-kit, but says the run would stop there.
    const planned = await logged(() =>
      generate('scaffold', NAME, ...PINNED, 'code:string:optional', '--force', '--dry-run'),
    );
    expect(planned.join('\n')).toMatch(/loses sku and gains code in one run: .*drizzle-kit wrote no migration/);
    await expect(generate('scaffold', NAME, ...PINNED, 'code:string:optional', '--force')).rejects.toThrow(
      /drizzle-kit wrote no migration: .*Rename in two steps/,
    );
    expect(changed().filter((name) => name.startsWith('db/migrations/'))).toEqual([]);
    git('checkout', '--', '.');
    git('clean', '-fdq');
  }, 120_000);

  it("refuses, writing nothing, when the table's marker comments are gone from db/schema.ts", async () => {
    const schema = file('db/schema.ts').replace(/^\/\/ scaffold:\w+ (start|end).*\n/gm, '');
    writeFileSync(path.join(copy.root, 'db/schema.ts'), schema);
    await expect(generate('scaffold', NAME, ...PINNED, 'sku:string:optional', '--force')).rejects.toThrow(
      `db/schema.ts exports ${camel}s but has no "// scaffold:${NAME} start"`,
    );
    expect(changed()).toEqual(['db/schema.ts']);
    git('checkout', '--', '.');
  }, 120_000);

  it('marks a conflict with the standard markers instead of dropping an edit', async () => {
    const controller = `controllers/${NAME}Controller.ts`;
    writeFileSync(
      path.join(copy.root, controller),
      file(controller).replace(`permit: [${PERMITTED}] }`, "permit: ['name'] }"),
    );
    const code = await generate('scaffold', NAME, ...PINNED, 'sku:string:optional', 'color:string:optional', '--force');
    expect(code).toBe(1);
    const text = file(controller);
    expect(text).toMatch(
      /<<<<<<< yours\n[\s\S]*permit: \['name'\][\s\S]*=======\n[\s\S]*'color'[\s\S]*>>>>>>> generated/,
    );
    // Run again before resolving: refused, naming the file, instead of merging the markers in as text.
    const before = changed();
    await expect(
      generate('scaffold', NAME, ...PINNED, 'sku:string:optional', 'color:string:optional', '--force'),
    ).rejects.toThrow(`scaffold: ${controller} still has conflict markers`);
    await expect(
      generate('scaffold', NAME, ...PINNED, 'sku:string:optional', 'color:string:optional', '--force', '--dry-run'),
    ).rejects.toThrow('still has conflict markers');
    expect(changed()).toEqual(before);
    git('checkout', '--', '.');
    git('clean', '-fdq');
  }, 120_000);

  it('--force with a file slot merges the widget into edited files, with no migration (a slot is no column)', async () => {
    const controller = `controllers/${NAME}Controller.ts`;
    const detail = `app/components/${plural}/${NAME}Detail.tsx`;
    // Edits away from where the slot's code goes (the class body, the lines after the imports): an action of
    // yours in the class body would share its place with attach and detach, which the merge marks as a conflict.
    writeFileSync(
      path.join(copy.root, controller),
      file(controller)
        .replace('{\n  // Our own action goes here.\n}\n', '{}\n')
        .replace('perPage: 20,', 'perPage: 25,'),
    );
    writeFileSync(path.join(copy.root, detail), file(detail).replace('← All', '← Every'));
    expect(await generate('scaffold', NAME, ...PINNED, 'sku:string:optional', 'photo:image', '--force')).toBe(0);
    expect(changed().filter((name) => name.startsWith('db/migrations/'))).toEqual([]);
    expect(file(controller)).toContain('perPage: 25,');
    expect(file(controller)).toContain(`await ${camel}.attach(input.slot, input.assetId);`);
    expect(file(detail)).toContain('← Every');
    expect(file(detail)).toContain(`<${NAME}FileUpload`);
    expect(file(`app/components/${plural}/${NAME}FileUpload.tsx`)).toContain(`slot: \`${NAME}.\${slot}\``);
    expect(file(`db/models/${NAME}.ts`)).toContain('photo: hasOneAttached(');
    expect(file('controllers/client.gen.ts')).toContain(`'${NAME}.photo': { kind: 'one', accepts: 'image/*'`);
    execFileSync(bin('tsc'), ['--noEmit'], { cwd: copy.root, encoding: 'utf8' });
    git('add', '-A');
    git('commit', '-qm', 'photo');
  }, 300_000);

  it('--force with a list slot merges its widget into edited files: attach appends, detach names the file', async () => {
    const upload = `app/components/${plural}/${NAME}FileUpload.tsx`;
    const detail = `app/components/${plural}/${NAME}Detail.tsx`;
    // An edit of the single-file widget, and the edit of the detail page from before, must both survive.
    writeFileSync(path.join(copy.root, upload), file(upload).replace('Remove {label.toLowerCase()}', 'Take out'));
    expect(
      await generate('scaffold', NAME, ...PINNED, 'sku:string:optional', 'photo:image', 'gallery:images', '--force'),
    ).toBe(0);
    expect(changed().filter((name) => name.startsWith('db/migrations/'))).toEqual([]);
    expect(file(upload)).toContain('Take out');
    expect(file(detail)).toContain('← Every');
    expect(file(detail)).toContain(`files={${camel}.gallery.map(toAssetView)}`);
    expect(file(detail)).toContain(`variantsPending(query.state.data?.photo, query.state.data?.gallery)`);
    expect(file(`app/components/${plural}/${NAME}FilesUpload.tsx`)).toContain(
      `export type ${NAME}ListSlot = 'gallery';`,
    );
    const controller = `controllers/${NAME}Controller.ts`;
    expect(file(controller)).toContain('perPage: 25,');
    expect(file(controller)).toContain(`const removed = await ${camel}.detach(input.slot, input.assetId);`);
    expect(file(`db/models/${NAME}.ts`)).toContain('gallery: hasManyAttached(');
    expect(file('controllers/client.gen.ts')).toContain(`'${NAME}.gallery': { kind: 'many', accepts: 'image/*'`);
    execFileSync(bin('tsc'), ['--noEmit'], { cwd: copy.root, encoding: 'utf8' });
    execFileSync(bin('biome'), ['check', '.'], { cwd: copy.root, encoding: 'utf8' });
    git('add', '-A');
    git('commit', '-qm', 'gallery');
  }, 300_000);

  it('--force without the file fields removes the unedited upload widget, keeps the edited one (destroy removes it)', async () => {
    const single = `app/components/${plural}/${NAME}FileUpload.tsx`;
    const list = `app/components/${plural}/${NAME}FilesUpload.tsx`;
    const lines: unknown[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line) => lines.push(line));
    try {
      expect(await generate('scaffold', NAME, ...PINNED, 'sku:string:optional', '--force', '--dry-run')).toBe(0);
      expect(changed()).toEqual([]);
      expect(await generate('scaffold', NAME, ...PINNED, 'sku:string:optional', '--force')).toBe(0);
    } finally {
      log.mockRestore();
    }
    expect(existsSync(path.join(copy.root, list))).toBe(false);
    expect(lines).toContain(`  remove  ${list} (no longer generated)`);
    // The single-file widget has the edit from before ('Take out'): kept, and the output says to delete it.
    expect(file(single)).toContain('Take out');
    expect(lines).toContain(`  keep    ${single} (no longer generated, but it has your edits: delete it by hand)`);
    expect(file(`app/components/${plural}/${NAME}Detail.tsx`)).not.toContain('FileUpload');
    git('add', '-A');
    git('commit', '-qm', 'no files');
  }, 120_000);

  it('destroy refuses, changing nothing, while another resource references it', async () => {
    expect(await generate('scaffold', OTHER, 'title:string', `${camel}:references`)).toBe(0);
    git('add', '-A');
    git('commit', '-qm', 'a reference');
    await expect(generate('destroy', 'scaffold', NAME)).rejects.toThrow(
      `destroy: ${NAME} is still referenced by ${OTHER} (${parseResourceName(OTHER).table}.${camel}_id -> ${NAME})`,
    );
    expect(changed()).toEqual([]);
    git('reset', '-q', '--hard', 'HEAD~1');
  }, 120_000);

  it("destroy refuses, removing nothing, when the table's marker comments are gone from db/schema.ts", async () => {
    const schema = file('db/schema.ts').replace(/^\/\/ scaffold:\w+ (start|end).*\n/gm, '');
    writeFileSync(path.join(copy.root, 'db/schema.ts'), schema);
    // Without them the table stayed while its scaffold record went, and no later run could remove it.
    await expect(generate('destroy', 'scaffold', NAME)).rejects.toThrow(
      `destroy: db/schema.ts exports ${camel}s but has no "// scaffold:${NAME} start"`,
    );
    expect(changed()).toEqual(['db/schema.ts']);
    git('checkout', '--', '.');
  }, 120_000);

  it('destroy removes what the scaffold made (both upload widgets too); only migrations stay', async () => {
    expect(await generate('destroy', 'scaffold', NAME)).toBe(0);
    git('add', '-A');
    const [before] = git('rev-list', '--max-parents=0', 'HEAD').split('\n');
    const diff = git('diff', '--cached', '--name-status', before as string)
      .split('\n')
      .filter(Boolean)
      .filter((line) => !/\s(db\/migrations\/)/.test(line));
    // Against the commit before the scaffold: nothing but migrations differs.
    expect(diff).toEqual([]);
    const drop = changed().find((name) => name.endsWith(`_drop_${table}.sql`));
    // Attachments point at records by model name, with no foreign key: without this, files in a slot added
    // to the model by hand stayed attached to rows that no longer exist, and the cleanup never freed them.
    // One statement for every slot of the model, single-file and list alike (`photo`, `gallery`): the rows name the model.
    expect(file(drop as string)).toContain(`DELETE FROM "service_attachments" WHERE "attachable_type" IN ('${NAME}');`);
    expect(existsSync(path.join(copy.root, `app/components/${plural}/${NAME}FilesUpload.tsx`))).toBe(false);
  }, 120_000);

  it('a second life of the same name: a dropped field takes its import along; destroy deletes attachments in its own drop migration', async () => {
    git('add', '-A');
    git('commit', '-qm', 'destroyed once');
    // A field whose pg-core type the schema does not import yet (the README's Product imports numeric).
    const imports = (name: string) => new RegExp(`^\\s+${name},$`, 'm').test(file('db/schema.ts'));
    const candidates = [
      ['price:decimal', 'numeric'],
      ['day:date', 'date'],
      ['views:bigint', 'bigint'],
    ] as const;
    const [spec, pgType] = candidates.find(([, name]) => !imports(name)) ?? candidates[0];
    expect(imports(pgType), `db/schema.ts imports ${pgType} already`).toBe(false);
    expect(await generate('scaffold', NAME, 'title:string', spec)).toBe(0);
    expect(imports(pgType)).toBe(true);
    // Left behind, the unused import failed the lint.
    expect(await generate('scaffold', NAME, 'title:string', '--force')).toBe(0);
    expect(imports(pgType)).toBe(false);
    expect(await generate('destroy', 'scaffold', NAME)).toBe(0);
    // The first drop migration is committed (applied, in a real project): it must not change.
    const drops = changed().filter((name) => name.endsWith(`_drop_${table}.sql`));
    expect(drops).toHaveLength(1);
    expect(file(drops[0] as string).match(/DELETE FROM "service_attachments"/g)).toHaveLength(1);
  }, 240_000);
});
