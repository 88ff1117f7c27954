/**
 * Checks every import in the tree against the layer table (layerRules.ts).
 * `npm run lint` runs it after Biome; `layerViolation` is the rule engine,
 * tested with probes in layerRules.test.ts. It also runs the route-file check
 * (routeEdge.ts: every route file goes through the API's one edge).
 *
 * Imports are read with TypeScript's own pre-processor (static, dynamic,
 * `export ... from`, `import type`), then resolved to a repository path
 * (`@/x` and relative specifiers) or an `npm:` package name.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { CHECKED_FOLDERS, LAYER_RULES, type LayerRule } from './layerRules';
import { checkRouteEdge } from './routeEdge';

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

/** Whether the lint reads `file`'s imports: source in the table's folders (CHECKED_FOLDERS), and top-level files. */
export function isChecked(file: string): boolean {
  if (!SOURCE.test(file)) return false;
  const [first, ...rest] = file.split('/');
  return rest.length === 0 || CHECKED_FOLDERS.includes(first ?? '');
}

export interface Violation {
  file: string;
  specifier: string;
  rule: LayerRule;
}

/** `server/model/Model.ts` -> `server/model/Model`; an index file names its folder. */
function withoutExtension(file: string): string {
  return file.replace(/\.(d\.)?(ts|tsx|mts|js|mjs|cjs)$/, '').replace(/\/index$/, '');
}

/** What `specifier`, imported by `file` (repository-relative), names: a path or `npm:<package>`. */
export function importTarget(file: string, specifier: string): string {
  if (specifier.startsWith('@/')) return withoutExtension(specifier.slice(2));
  if (specifier.startsWith('.')) {
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
    return withoutExtension(resolved);
  }
  if (specifier.startsWith('node:')) return `npm:${specifier}`;
  const [first = '', second = ''] = specifier.split('/');
  return `npm:${first.startsWith('@') ? `${first}/${second}` : first}`;
}

/** `target` is `prefix` or inside it (whole segments; `npm:@better-auth` covers its scoped packages). */
function within(target: string, prefix: string): boolean {
  return target === prefix || target.startsWith(`${prefix}/`) || (prefix === 'server/index' && target === 'server');
}

/** An `allow` entry: exact, `server/index` for `server`, or `folder/*` for everything inside. */
function allows(allowed: string, target: string): boolean {
  if (allowed.endsWith('/*')) return target.startsWith(allowed.slice(0, -1));
  return target === allowed || (allowed === 'server/index' && target === 'server');
}

/** The first rule `file` breaks by importing `specifier` (`typeOnly`: an `import type`), if any. */
export function layerViolation(
  file: string,
  specifier: string,
  { typeOnly = false, rules = LAYER_RULES }: { typeOnly?: boolean; rules?: LayerRule[] } = {},
): LayerRule | null {
  const source = withoutExtension(file);
  const target = importTarget(file, specifier);
  for (const rule of rules) {
    if (!rule.from.some((from) => within(source, from))) continue;
    if (rule.exceptFrom?.some((except) => within(source, except))) continue;
    if (!rule.forbid.some((forbidden) => within(target, forbidden))) continue;
    if (rule.allow?.some((allowed) => allows(allowed, target))) continue;
    if (typeOnly && rule.typesAllowed) continue;
    if (rule.testsAllowed && /\.test\.tsx?$/.test(file)) continue;
    return rule;
  }
  return null;
}

/** Every import in a source text (static, dynamic, re-exports), and whether it imports types only. */
export function importsOf(text: string): { specifier: string; typeOnly: boolean }[] {
  const typeOnly = new Set<string>();
  const valued = new Set<string>();
  const source = ts.createSourceFile('file.tsx', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  for (const statement of source.statements) {
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue;
    const module = statement.moduleSpecifier;
    if (!module || !ts.isStringLiteral(module)) continue;
    (isTypeOnly(statement) ? typeOnly : valued).add(module.text);
  }
  return ts.preProcessFile(text, true, true).importedFiles.map(({ fileName }) => ({
    specifier: fileName,
    typeOnly: typeOnly.has(fileName) && !valued.has(fileName),
  }));
}

/** `import type {...}`, `import {type A, type B}` and `export type {...} from`: erased when compiled. */
function isTypeOnly(statement: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(statement)) return statement.isTypeOnly;
  const clause = statement.importClause;
  if (!clause) return false; // a side-effect import runs
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    clause.name === undefined &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

/** Violations in the given files (repository-relative paths), reading them from `root`. */
export function checkFiles(root: string, files: string[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files.filter(isChecked)) {
    for (const { specifier, typeOnly } of importsOf(readFileSync(path.join(root, file), 'utf8'))) {
      const rule = layerViolation(file, specifier, { typeOnly });
      if (rule) violations.push({ file, specifier, rule });
    }
  }
  return violations;
}

/** What .gitignore leaves out, for a copy without git: dependencies, build and test output, dev data. */
const UNTRACKED_FOLDERS = new Set([
  'node_modules',
  'out',
  'coverage',
  'test-results',
  'playwright-report',
  'blob-report',
]);
const UNTRACKED_FILES = new Set(['next-env.d.ts']);

/** Every file under `folder`, as repository-relative paths, without dot-folders (.git, .next, .data). */
function walkFiles(root: string, folder = ''): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory())
      return entry.name.startsWith('.') || UNTRACKED_FOLDERS.has(entry.name) ? [] : walkFiles(root, file);
    return UNTRACKED_FILES.has(entry.name) ? [] : [file];
  });
}

/**
 * Tracked and new (not ignored) files that are on disk: what a commit would hold. A tracked file deleted
 * and not yet committed (after `npm run demo:remove` or `destroy scaffold`) is still in git's index; it
 * has no imports left to check. A copy without git (docs/development.md) walks the folder instead.
 */
export function treeFiles(root: string): string[] {
  let listed: string;
  try {
    listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return walkFiles(root);
  }
  return [...new Set(listed.split('\n').filter(Boolean))].filter((file) => existsSync(path.join(root, file)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.cwd();
  const files = treeFiles(root);
  const violations = checkFiles(root, files);
  for (const { file, specifier, rule } of violations) {
    console.error(`${file}: imports '${specifier}' [${rule.name}]\n  ${rule.message}`);
  }
  const bypasses = checkRouteEdge(root, files);
  for (const { file, method, message } of bypasses)
    console.error(`${file}: exports ${method} [route-edge]\n  ${message}`);
  if (violations.length > 0)
    console.error(`\n✖ ${violations.length} import(s) break the layer table (scripts/layers/layerRules.ts)`);
  if (bypasses.length > 0)
    console.error(`\n✖ ${bypasses.length} route handler(s) bypass the API's edge (scripts/layers/routeEdge.ts)`);
  if (violations.length > 0 || bypasses.length > 0) process.exit(1);
  console.log('Layers: every import follows scripts/layers/layerRules.ts, every route file goes through apiRoute');
}
