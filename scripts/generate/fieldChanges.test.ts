/** The warnings a `--force` run prints about the table's existing data. */
import { describe, expect, it } from 'vitest';
import { fieldChangeWarnings, removedSlotWarnings, renameQuestionWarning } from './fieldChanges';
import { parseScaffold } from './parseScaffold';

const warnings = (before: string[], after: string[]) =>
  fieldChangeWarnings('products', before, parseScaffold('Product', after).fields);

describe('fieldChangeWarnings', () => {
  it('names the columns a field left out drops, with their data', () => {
    expect(warnings(['name:string', 'notes:text:optional', 'photo:image'], ['name:string'])).toEqual([
      expect.stringMatching(/^warning: the migration drops products\.notes and the data in it/),
    ]);
  });

  it('warns that a changed type may need USING in the migration', () => {
    expect(warnings(['name:string', 'rank:string'], ['name:string', 'rank:integer'])).toEqual([
      expect.stringMatching(/^warning: products\.rank changes from string to integer: .*USING/),
    ]);
  });

  it('warns that a shorter string refuses longer stored values, where USING would not help', () => {
    expect(warnings(['name:string'], ['name:string:120'])).toEqual([
      expect.stringMatching(/^warning: products\.name shortens from string:255 to string:120: .*left\("name", 120\)/),
    ]);
    expect(warnings(['name:string:120'], ['name:string'])).toEqual([]);
  });

  it('warns that an enum without a value fails its check constraint while rows hold that value', () => {
    expect(warnings(['status:enum:draft,live,gone'], ['status:enum:draft,live'])).toEqual([
      expect.stringMatching(/^warning: products\.status no longer allows gone: /),
    ]);
    expect(warnings(['status:enum:draft'], ['status:enum:draft,live'])).toEqual([]);
  });

  it('says nothing when columns are only added, made optional or given a file slot', () => {
    expect(warnings(['name:string'], ['name:string:optional', 'sku:string:optional', 'photo:image'])).toEqual([]);
  });

  it("warns that a file field left out keeps its slot's attachments, and says how to remove them", () => {
    const product = parseScaffold('Product', ['name:string', 'manual:attachment']);
    expect(
      removedSlotWarnings(product, ['name:string', 'photo:image', 'manual:attachment', 'files:attachments']),
    ).toEqual([
      expect.stringMatching(
        /^warning: the file fields photo, files are not in the command: the files attached to Product\.photo, Product\.files stay/,
      ),
    ]);
    const [warning] = removedSlotWarnings(product, ['name:string', 'photo:image']);
    expect(warning).toContain(
      `DELETE FROM "service_attachments" WHERE "attachable_type" = 'Product' AND "name" IN ('photo');`,
    );
    expect(removedSlotWarnings(product, ['name:string', 'manual:attachment'])).toEqual([]);
    expect(removedSlotWarnings(product, ['name:string'])).toEqual([]);
  });

  it('tells --dry-run that dropping a column and adding another in one run writes no migration', () => {
    const rename = (before: string[], after: string[]) =>
      renameQuestionWarning('products', before, parseScaffold('Product', after).fields);
    expect(rename(['name:string', 'sku:string'], ['name:string', 'code:string'])).toMatch(
      /^warning: products loses sku and gains code in one run: .*drizzle-kit wrote no migration.*two steps/,
    );
    expect(rename(['name:string', 'sku:string'], ['name:string'])).toBeUndefined();
    expect(rename(['name:string'], ['name:string', 'code:string'])).toBeUndefined();
    // File slots are no columns: a slot swapped for a column asks nothing.
    expect(rename(['name:string', 'photo:image'], ['name:string', 'code:string'])).toBeUndefined();
  });
});
