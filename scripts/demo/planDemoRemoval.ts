/**
 * What `npm run demo:remove` would do to the project at `root`, read from the
 * markers in the files themselves (scripts/demo/demoMarkers.ts): the files to
 * delete, the shared files to cut, and the npm scripts that run a deleted
 * file. Nothing is written here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { hasDemoRegions, isDemoFile, stripDemoRegions } from './demoMarkers';

/** Never read: dependencies, build output, local data, and migrations (history is not rewritten). */
const SKIPPED = new Set(['node_modules', '.git', '.next', '.data', 'test-results', 'playwright-report', 'migrations']);
const TEXT = /\.(tsx?|mjs|cjs|js|css|md|json|sql|ya?ml|tmpl)$|^\.env\.example$/;

export interface DemoRemovalPlan {
  /** Project-relative paths of demo-only files. */
  deletions: string[];
  /** Shared files and their text without the demo's regions. */
  edits: { file: string; text: string }[];
  /** npm scripts whose command runs a deleted file (`bench`, `soak`). */
  scripts: string[];
}

function textFiles(root: string, dir = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...textFiles(root, relative));
    else if (entry.isFile() && TEXT.test(entry.name)) files.push(relative);
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

export function planDemoRemoval(root: string): DemoRemovalPlan {
  const plan: DemoRemovalPlan = { deletions: [], edits: [], scripts: [] };
  for (const file of textFiles(root)) {
    const text = readFileSync(path.join(root, file), 'utf8');
    if (isDemoFile(text)) plan.deletions.push(file);
    else if (hasDemoRegions(text, file)) plan.edits.push({ file, text: stripDemoRegions(text, file) });
  }
  plan.scripts = scriptsRunning(root, new Set(plan.deletions));
  return plan;
}
