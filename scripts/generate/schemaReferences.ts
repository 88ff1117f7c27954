/**
 * The foreign keys of db/schema.ts, read from its text: which table points at
 * which. `destroy scaffold` and `npm run demo:remove` ask it before removing a
 * table, so they refuse up front (naming who still references it) instead of
 * leaving drizzle-kit and the typecheck to fail half-way through.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface SchemaReference {
  /** The referencing table, as a variable (`lineItems`) and in SQL (`line_items`), and its column (`product_id`). */
  from: string;
  fromTable: string;
  column: string;
  /** The referenced table's variable (`products`). */
  to: string;
}

const TABLE_START = /^export const (\w+) = pgTable\(\s*'(\w+)'/gm;

/** The table variables the schema text defines (`export const products = pgTable(...)`). */
export function schemaTables(schema: string): string[] {
  return [...schema.matchAll(TABLE_START)].map((match) => match[1] as string);
}

/** Every `.references(() => <table>.id)` of the schema text, with the table and column it sits in. */
function schemaReferences(schema: string): SchemaReference[] {
  const starts = [...schema.matchAll(TABLE_START)];
  return starts.flatMap((start, index) => {
    const block = schema.slice(start.index, starts[index + 1]?.index ?? schema.length);
    return [...block.matchAll(/\.references\(\s*\(\)\s*=>\s*(\w+)\.\w+/g)].map((match) => {
      // The column is the last `key: type('sql_name'` before the reference (Biome may break the chain over lines).
      const before = block.slice(0, match.index);
      const column = [...before.matchAll(/\w+:\s*\w+\(\s*'(\w+)'/g)].at(-1)?.[1] ?? '?';
      return { from: start[1] as string, fromTable: start[2] as string, column, to: match[1] as string };
    });
  });
}

/** The model of each table variable, from db/models/<Name>.ts (`class Name extends Model(table`). */
function modelsByTable(root: string): Map<string, string> {
  const dir = path.join(root, 'db/models');
  const found = new Map<string, string>();
  if (!existsSync(dir)) return found;
  for (const file of readdirSync(dir).filter((name) => /^[A-Z]\w*\.ts$/.test(name))) {
    const match = /class (\w+) extends Model\((\w+)/.exec(readFileSync(path.join(dir, file), 'utf8'));
    if (match) found.set(match[2] as string, match[1] as string);
  }
  return found;
}

/**
 * The references into `tables` from tables not among them, described for a message:
 * `LineItem (line_items.product_id)`. Empty when nothing else points at them.
 */
export function referencesInto(root: string, schema: string, tables: readonly string[]): string[] {
  const removed = new Set(tables);
  const models = modelsByTable(root);
  return schemaReferences(schema)
    .filter((reference) => removed.has(reference.to) && !removed.has(reference.from))
    .map(
      (reference) =>
        `${models.get(reference.from) ?? reference.from} (${reference.fromTable}.${reference.column} -> ${models.get(reference.to) ?? reference.to})`,
    );
}
