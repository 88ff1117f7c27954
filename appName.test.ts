import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appName } from './appName';

const ROOT = import.meta.dirname;
/** Not the project's source: dependencies, build output, dev data, test reports, git. */
const SKIPPED_FOLDERS = new Set(['node_modules', '.next', '.data', '.git', 'test-results', 'playwright-report']);

/** Every file of the project a rename has to reach, minus prose: docs may name the app in running text. */
function sourceFiles(folder = ROOT): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(full);
    return /\.(md|lock|png|ico|jpg|webp)$|^package-lock\.json$/.test(entry.name) ? [] : [full];
  });
}

describe('appName', () => {
  // Renaming the app should be one edit. With the name copied into every page title, the mail footer and
  // the scaffold's templates, a renamed app kept showing the template's name in tabs and in every
  // resource it generated afterwards.
  it('is written in appName.ts only: everything else imports it', () => {
    const copies = sourceFiles()
      .filter((file) => !['appName.ts', path.join('app', 'icon.svg')].includes(path.relative(ROOT, file)))
      .filter((file) => readFileSync(file, 'utf8').includes(appName))
      .map((file) => path.relative(ROOT, file));
    expect(copies).toEqual([]);
  });

  it("is the icon's title too (an SVG cannot import it: rename it there by hand)", () => {
    expect(readFileSync(path.join(ROOT, 'app', 'icon.svg'), 'utf8')).toContain(`<title>${appName}</title>`);
  });
});
