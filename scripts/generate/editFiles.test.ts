/** The edits a scaffold makes to db/schema.ts: what the schema already exports decides what it may add. */
import { describe, expect, it } from 'vitest';
import { addNavLine, removeNavLine, schemaExports } from './editFiles';

describe('schemaExports', () => {
  it('lists declarations and re-exports, renamed ones under their new name', () => {
    const schema = [
      "export { serviceAssets, serviceAttachments } from '@/server/schema';",
      "export { type Thing, other as renamed } from './elsewhere';",
      "export const products = pgTable('products', {});",
      'export type Role = string;',
      'export function helper() {}',
      'const hidden = 1;',
    ].join('\n');
    expect([...schemaExports(schema)].sort()).toEqual(
      ['Role', 'Thing', 'helper', 'products', 'renamed', 'serviceAssets', 'serviceAttachments'].sort(),
    );
  });
});

describe('the navigation link', () => {
  const marker = "// `npm run generate -- scaffold` adds its resources' links above this line.";
  /** The line as the scaffold writes it: a template literal in TeamNav.tsx, so `${base}` is text here. */
  const link = (plural: string, label: string) => `{ href: \`\${base}/${plural}\`, label: '${label}' },`;
  const line = link('suppliers', 'Suppliers');
  const nav = `const links = [\n  { href: \`\${base}/settings\`, label: 'Settings' },\n  ${marker}\n];\n`;

  it('is added once, and not again after you changed its label', () => {
    const added = addNavLine(nav, line);
    expect(added).toContain(`  ${line}\n  ${marker}`);
    expect(addNavLine(added, line)).toBe(added);
    const renamed = added.replace("label: 'Suppliers'", "label: 'Vendors'");
    expect(addNavLine(renamed, line)).toBe(renamed);
    expect(addNavLine(renamed, link('suppliers-archive', 'Archive'))).not.toBe(renamed);
  });

  it('is removed by destroy with its label as generated or as you changed it', () => {
    const added = addNavLine(nav, line);
    expect(removeNavLine(added, line)).toBe(nav);
    expect(removeNavLine(added.replace("label: 'Suppliers'", "label: 'Vendors'"), line)).toBe(nav);
  });

  it('is removed when the formatter wrapped it over several lines (a long name), and nothing else is', () => {
    const long = link('warehouse-reason-codes', 'Warehouse reason codes');
    const wrapped = addNavLine(nav, long).replace(
      long,
      `{\n    href: \`\${base}/warehouse-reason-codes\`,\n    label: "Warehouse's codes",\n  },`,
    );
    expect(wrapped).toContain(`    href: \`\${base}/warehouse-reason-codes\`,\n`);
    expect(removeNavLine(wrapped, long)).toBe(nav);
    expect(removeNavLine(wrapped, line)).toBe(wrapped);
  });
});
