/**
 * Reads the README's "Add a controller" recipe as steps a test can replay, so
 * the README is the single source of the recipe (scripts/readmeRecipe.test.ts).
 *
 * Every fenced block in that section is a step, chosen by its info string:
 *
 *   ```ts file=db/models/Note.ts      a new file with exactly this content
 *   ```ts append=db/schema.ts         added at the end of an existing file
 *   ```ts after=controllers/index.ts  the block's first line is already in the
 *                                     file (once); the other lines go below it
 *   ```sh                             commands, one per line (`npm run ...` only)
 *
 * A block with none of these fails the parse: no snippet goes untested.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type RecipeStep =
  | { kind: 'file' | 'append' | 'after'; path: string; code: string }
  | { kind: 'run'; commands: string[] };

const EDIT_KINDS = ['file', 'append', 'after'] as const;

/** The `## <heading>` section of a Markdown document, up to the next `## `; throws when there is none. */
export function markdownSection(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`the document has no "## ${heading}" section`);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

/** The blocks of the `## <heading>` section, in order. */
export function parseRecipe(markdown: string, heading: string): RecipeStep[] {
  const section = markdownSection(markdown, heading);
  const steps: RecipeStep[] = [];
  // Fences at the start of a line only: indented fences would belong to list items we do not replay.
  for (const match of section.matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm)) {
    const [info = '', code = ''] = [match[1]?.trim(), match[2]];
    steps.push(toStep(info, code));
  }
  if (steps.length === 0) throw new Error(`"## ${heading}" has no code blocks`);
  return steps;
}

function toStep(info: string, code: string): RecipeStep {
  const [language, ...attributes] = info.split(/\s+/);
  if (language === 'sh') {
    const commands = code.split('\n').filter((line) => line.trim() !== '');
    const other = commands.find((command) => !command.startsWith('npm run '));
    if (other) throw new Error(`recipe: only \`npm run\` commands are replayed, got: ${other}`);
    return { kind: 'run', commands };
  }
  for (const attribute of attributes) {
    const [key, value] = attribute.split('=');
    const kind = EDIT_KINDS.find((candidate) => candidate === key);
    if (kind && value) return { kind, path: value, code };
  }
  throw new Error(`recipe: a \`\`\`${info} block has no file=, append= or after= (first line: ${code.split('\n')[0]})`);
}

/** Applies one edit step under `root`; returns the file it touched (relative). */
export function applyEdit(root: string, step: Exclude<RecipeStep, { kind: 'run' }>): string {
  const file = path.join(root, step.path);
  if (step.kind === 'file') {
    if (existsSync(file)) throw new Error(`recipe: ${step.path} already exists`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, step.code);
    return step.path;
  }
  const current = readFileSync(file, 'utf8');
  if (step.kind === 'append') {
    writeFileSync(file, `${current.trimEnd()}\n\n${step.code}`);
    return step.path;
  }
  const [anchor = '', ...added] = step.code.trimEnd().split('\n');
  const lines = current.split('\n');
  const at = lines.flatMap((line, index) => (line === anchor ? [index] : []));
  if (at.length !== 1 || at[0] === undefined) {
    throw new Error(`recipe: the line \`${anchor}\` occurs ${at.length} times in ${step.path} (expected once)`);
  }
  lines.splice(at[0] + 1, 0, ...added);
  writeFileSync(file, lines.join('\n'));
  return step.path;
}
