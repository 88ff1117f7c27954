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

/** Whether the schema, its pg-core import aside, calls `name(` (a column type, `index`, `unique`). */
export function usesPgCore(schema: string, name: string): boolean {
  return new RegExp(`\\b${name}\\(`).test(schema.replace(PG_CORE, ''));
}

/** Removes the given pg-core names again where nothing else in the schema uses them. */

export function removePgCoreImports(schema: string, names: readonly string[]): string {
  const match = PG_CORE.exec(schema);
  if (!match) return schema;
  const present = (match[1] as string)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const kept = present.filter((name) => !names.includes(name) || usesPgCore(schema, name));
  return schema.replace(PG_CORE, `import {\n${kept.map((n) => `  ${n},`).join('\n')}\n} from 'drizzle-orm/pg-core';`);
}

/** The link's target as written in the line (`\`${base}/products\``): what stays when you edit the label. */
const hrefOf = (line: string) => /href: (`[^`]*`)/.exec(line)?.[1];

/** Adds the resource's link, unless the navigation already links there (your edited label is kept). */
export function addNavLine(nav: string, line: string): string {
  const href = hrefOf(line);
  if (nav.includes(line) || (href && nav.includes(`href: ${href}`))) return nav;
  const at = nav.indexOf(NAV_MARKER);
  if (at < 0) throw new Error(`${NAV_FILE}: the marker comment for generated links is missing ("${NAV_MARKER}")`);
  const indent = nav.slice(nav.lastIndexOf('\n', at) + 1, at);
  return `${nav.slice(0, at)}${line}\n${indent}${nav.slice(at)}`;
}

/** Removes the resource's link: the line as generated, or a one-line link to the same place with your label. */
export function removeNavLine(nav: string, line: string): string {
  const href = hrefOf(line);
  return nav.replace(NAV_ENTRY, (entry, entryHref: string) => (entryHref === href ? '' : entry));
}

/** A link of the navigation's list, on one line or wrapped by the formatter over several; its target captured. */
const NAV_ENTRY =
  /^[ \t]*\{\s*href: (`[^`\n]*`),\s*label: (?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"),?\s*\},?[ \t]*\n/gm;

/**
 * Every name db/schema.ts exports: its declarations (`export const products = pgTable(...)`) and its
 * re-exports (`export { serviceAttachments } from '@/server/schema'`, `export { a as b }`).
 */
export function schemaExports(schema: string): Set<string> {
  const names = new Set<string>();
  for (const match of schema.matchAll(
    /^export\s+(?:declare\s+)?(?:const|let|var|function|class|enum|type|interface)\s+([A-Za-z_$][\w$]*)/gm,
  ))
    names.add(match[1] as string);
  for (const match of schema.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}/gm))
    for (const part of (match[1] as string).split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.replace(/^type\s+/, '')
        .trim();
      if (name) names.add(name);
    }
  return names;
}
