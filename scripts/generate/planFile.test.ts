/**
 * The step a scaffold run takes with each generated file, which `--dry-run` prints too: a file the run
 * would leave as it is reads `same`, and only one it changes reads `merge` (or `CONFLICT`).
 */
import { describe, expect, it } from 'vitest';
import { planFile, planLine } from './planFile';

const base = 'one\ntwo\nthree\nfour\nfive\n';

describe('planFile', () => {
  it('calls a file the run would not change `same`, whether or not you edited it', () => {
    expect(planFile(base, base, base)).toEqual({ step: 'same', text: base, conflicts: 0 });
    const edited = base.replace('two', 'TWO');
    expect(planFile(edited, base, base)).toEqual({ step: 'same', text: edited, conflicts: 0 });
    // The generator wrote again what you had already made it say.
    expect(planFile(edited, base, edited).step).toBe('same');
  });

  it('calls it `merge` only when the merge changes it', () => {
    const generated = base.replace('five', 'five\nsix');
    expect(planFile(base, base, generated)).toEqual({ step: 'merge', text: generated, conflicts: 0 });
    const edited = base.replace('one', 'ONE');
    expect(planFile(edited, base, generated)).toEqual({
      step: 'merge',
      text: 'ONE\ntwo\nthree\nfour\nfive\nsix\n',
      conflicts: 0,
    });
  });

  it('calls it `conflict` when you and the generator changed the same lines', () => {
    const plan = planFile(base.replace('three', 'mine'), base, base.replace('three', 'theirs'));
    expect(plan.step).toBe('conflict');
    expect(plan.conflicts).toBe(1);
    expect(plan.text).toMatch(/^<<<<<<< yours\nmine\n=======\ntheirs\n>>>>>>> generated$/m);
  });

  it('creates a new file, keeps one it did not make, and does not bring back one you deleted', () => {
    expect(planFile(undefined, undefined, base)).toEqual({ step: 'create', text: base, conflicts: 0 });
    expect(planFile('yours\n', undefined, base)).toEqual({ step: 'keep', conflicts: 0 });
    expect(planFile(undefined, base, base)).toEqual({ step: 'deleted', conflicts: 0 });
  });
});

describe('planFile on the table block of db/schema.ts (merged like a file)', () => {
  const block = (columns: string[]) =>
    [
      "export const gadgets = pgTable('gadgets', {",
      "  id: serial('id').primaryKey(),",
      "  teamId: integer('team_id').notNull(),",
      ...columns.map((column) => `  ${column}`),
      "  createdById: integer('created_by_id'),",
      '});',
      '',
    ].join('\n');
  const name = "name: varchar('name', { length: 255 }).notNull(),";
  const price = "price: integer('price').notNull(),";
  const mine = "legacyCode: varchar('legacy_code', { length: 20 }),";
  const sku = "sku: varchar('sku', { length: 255 }),";

  it('marks a conflict, keeping both, when your column sits where the new field goes (above createdById)', () => {
    const plan = planFile(block([name, price, mine]), block([name, price]), block([name, price, sku]));
    expect(plan.step).toBe('conflict');
    expect(plan.text).toContain(`<<<<<<< yours\n  ${mine}\n=======\n  ${sku}\n>>>>>>> generated\n`);
  });

  it('merges both columns when yours sits elsewhere in the block', () => {
    const plan = planFile(block([name, mine, price]), block([name, price]), block([name, price, sku]));
    expect(plan).toEqual({ step: 'merge', text: block([name, mine, price, sku]), conflicts: 0 });
  });
});

describe('planLine', () => {
  it('prints the step in one column, with a note where the step needs one', () => {
    expect(planLine('db/models/Gadget.ts', 'same')).toBe('  same    db/models/Gadget.ts');
    expect(planLine('db/models/Gadget.ts', 'merge')).toBe('  merge   db/models/Gadget.ts');
    expect(planLine('db/models/Gadget.ts', 'conflict')).toBe('  CONFLICT db/models/Gadget.ts');
    expect(planLine('e2e/gadgets.spec.ts', 'deleted')).toBe(
      '  deleted e2e/gadgets.spec.ts (made by the scaffold, deleted since: not brought back)',
    );
  });
});
