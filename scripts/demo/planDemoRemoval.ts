/**
 * What `npm run demo:remove` would do to the project at `root`, read from the
 * markers in the files themselves (scripts/demo/demoMarkers.ts): the files to
 * delete, the shared files to cut, and the npm scripts that run a deleted
 * file. Nothing is written here.
 *
 * An image cannot carry a marker: one that only the demo's text shows (the
 * README's screenshot, shown in a cut region) goes with that text, as the
 * imports only the demo used do. One nothing named before (`app/icon.svg`,
 * found by Next.js by its name) stays.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { hasDemoRegions, isDemoFile, stripDemoRegions } from './demoMarkers';

/** Never read: dependencies, build output, local data, and migrations (history is not rewritten). */
const SKIPPED = new Set(['node_modules', '.git', '.next', '.data', 'test-results', 'playwright-report', 'migrations']);
const TEXT = /\.(tsx?|mjs|cjs|js|css|md|json|sql|ya?ml|tmpl)$|^\.env\.example$/;
const IMAGE = /\.(png|jpe?g|gif|webp|avif|svg|ico)$/;

export interface DemoRemovalPlan {
  /** Project-relative paths of demo-only files. */
  deletions: string[];
  /** Shared files and their text without the demo's regions. */
  edits: { file: string; text: string }[];
  /** npm scripts whose command runs a deleted file (`bench`, `soak`). */
  scripts: string[];
}

/** The project's files, project-relative and sorted, without the SKIPPED folders. */
export function projectFiles(root: string, dir = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...projectFiles(root, relative));
    else if (entry.isFile()) files.push(relative);
  }
  return files.sort();
}

/** The package.json scripts that name one of the deleted files (`tsx bench/run.ts`). */
function scriptsRunning(root: string, deleted: ReadonlySet<string>): string[] {
  const file = path.join(root, 'package.json');
  if (!existsSync(file)) return [];
  const scripts: Record<string, string> = JSON.parse(readFileSync(file, 'utf8')).scripts ?? {};
  return Object.entries(scripts)
    .filter(([, command]) => command.split(/\s+/).some((word) => deleted.has(word)))
    .map(([name]) => name);
}

/**
 * Whether `text`, the content of `file`, names `image` the way a link or an import does: by its path from
 * `file`'s folder (`docs/screenshot.png` in the README, `screenshot.png` beside it). A test that names the
 * image by its project path to check on it is not one.
 */
function names(file: string, text: string, image: string): boolean {
  return text.includes(path.posix.relative(path.posix.dirname(file), image));
}

export function planDemoRemoval(root: string): DemoRemovalPlan {
  const plan: DemoRemovalPlan = { deletions: [], edits: [], scripts: [] };
  const files = projectFiles(root);
  const before: { file: string; text: string }[] = [];
  const after: { file: string; text: string }[] = [];
  for (const file of files.filter((name) => TEXT.test(path.posix.basename(name)))) {
    const text = readFileSync(path.join(root, file), 'utf8');
    before.push({ file, text });
    if (isDemoFile(text)) {
      plan.deletions.push(file);
    } else if (hasDemoRegions(text, file)) {
      const edit = { file, text: stripDemoRegions(text, file) };
      plan.edits.push(edit);
      after.push(edit);
    } else {
      after.push({ file, text });
    }
  }
  const shownBy = (texts: typeof before, image: string) => texts.some(({ file, text }) => names(file, text, image));
  for (const image of files.filter((name) => IMAGE.test(name))) {
    // Shown only by what goes: the demo's.
    if (shownBy(before, image) && !shownBy(after, image)) plan.deletions.push(image);
  }
  plan.deletions.sort();
  plan.scripts = scriptsRunning(root, new Set(plan.deletions));
  return plan;
}
