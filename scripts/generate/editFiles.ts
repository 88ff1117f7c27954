/**
 * The two existing files a scaffold edits, and how it undoes the edits:
 * the table's block in db/schema.ts (between marker comments, plus any
 * pg-core import it needs) and one link in the team navigation.
 */
export const SCHEMA_FILE = 'db/schema.ts';
export const NAV_FILE = 'app/components/TeamNav.tsx';
const NAV_MARKER = "// `npm run generate -- scaffold` adds its resources' links above this line.";

const start = (name: string) => `// scaffold:${name} start (npm run generate; your edits are kept when it runs again)`;
const end = (name: string) => `// scaffold:${name} end`;

/** The block's text between the markers, or undefined when the schema has none. */
export function schemaBlockOf(schema: string, name: string): string | undefined {
  const from = schema.indexOf(`${start(name)}\n`);
  const to = schema.indexOf(`${end(name)}\n`);
  if (from < 0 || to < from) return undefined;
  return schema.slice(from + start(name).length + 1, to);
}

export function replaceSchemaBlock(schema: string, name: string, block: string | undefined): string {
  const from = schema.indexOf(`${start(name)}\n`);
  const to = schema.indexOf(`${end(name)}\n`);
  if (from < 0 || to < from) {
    if (block === undefined) return schema;
    return `${schema.replace(/\n*$/, '\n')}\n${start(name)}\n${block}${end(name)}\n`;
  }
  if (block === undefined)
    return `${schema.slice(0, from).replace(/\n+$/, '\n')}${schema.slice(to + end(name).length + 1)}`;
  return `${schema.slice(0, from + start(name).length + 1)}${block}${schema.slice(to)}`;
}

const PG_CORE = /import \{([^}]*)\} from 'drizzle-orm\/pg-core';/;

/** Adds the pg-core names the block uses; returns the new text and the names it added. */
export function addPgCoreImports(schema: string, names: readonly string[]): { text: string; added: string[] } {
  const match = PG_CORE.exec(schema);
  if (!match) throw new Error(`${SCHEMA_FILE}: no import from 'drizzle-orm/pg-core' to extend`);
  const present = (match[1] as string)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const added = names.filter((name) => !present.includes(name));
  if (added.length === 0) return { text: schema, added };
  const all = [...present, ...added].sort();
  return {
    text: schema.replace(PG_CORE, `import {\n${all.map((n) => `  ${n},`).join('\n')}\n} from 'drizzle-orm/pg-core';`),
    added,
  };
}

/** Removes the given pg-core names again where nothing else in the schema uses them. */
export function removePgCoreImports(schema: string, names: readonly string[]): string {
  const match = PG_CORE.exec(schema);
  if (!match) return schema;
  const body = schema.replace(PG_CORE, '');
  const present = (match[1] as string)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const kept = present.filter((name) => !names.includes(name) || new RegExp(`\\b${name}\\(`).test(body));
  return schema.replace(PG_CORE, `import {\n${kept.map((n) => `  ${n},`).join('\n')}\n} from 'drizzle-orm/pg-core';`);
}

export function addNavLine(nav: string, line: string): string {
  if (nav.includes(line)) return nav;
  const at = nav.indexOf(NAV_MARKER);
  if (at < 0) throw new Error(`${NAV_FILE}: the marker comment for generated links is missing ("${NAV_MARKER}")`);
  const indent = nav.slice(nav.lastIndexOf('\n', at) + 1, at);
  return `${nav.slice(0, at)}${line}\n${indent}${nav.slice(at)}`;
}

export function removeNavLine(nav: string, line: string): string {
  return nav
    .split('\n')
    .filter((candidate) => candidate.trim() !== line)
    .join('\n');
}
