/**
 * This project as `npm run demo:remove` leaves it, read from the plan (the
 * markers cut in memory, nothing written): it should read as if it had been
 * written without the demo. The whole removal, followed by the copy's
 * `npm test`, is npm test's last step (checkDemoRemoval.ts); these are the
 * quick checks of what that step does not read: the prose. Once the demo is
 * gone the plan is empty, and they read the project as it is.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planDemoRemoval, projectFiles } from './planDemoRemoval';

const root = path.resolve(import.meta.dirname, '../..');
const plan = planDemoRemoval(root);
const deleted = new Set(plan.deletions);
const edited = new Map(plan.edits.map(({ file, text }) => [file, text]));
const kept = projectFiles(root).filter((file) => !deleted.has(file));
/** A kept file's text once the demo is gone. */
const after = (file: string) => edited.get(file) ?? readFileSync(path.join(root, file), 'utf8');
const markdown = kept.filter((file) => file.endsWith('.md'));

/** The project-relative targets of a Markdown file's links and images (`[text](target)`), outside code. */
function linkTargets(file: string, text: string): string[] {
  const prose = text.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s#?]+)[^)]*\)/g)]
    .map(([, target]) => target as string)
    .filter((target) => !/^[a-z]+:/i.test(target))
    .map((target) => path.posix.normalize(path.posix.join(path.posix.dirname(file), target)));
}

describe('the project after npm run demo:remove', () => {
  it('has no Markdown with two blank lines in a row (a cut region took its own blank line with it)', () => {
    const doubled = markdown.flatMap((file) =>
      after(file)
        .split('\n')
        .flatMap((line, index, lines) =>
          index > 0 && line === '' && lines[index - 1] === '' ? [`${file}:${index}`] : [],
        ),
    );
    expect(doubled).toEqual([]);
  });

  it('links to no file the removal deleted, and keeps no image that only the demo showed', () => {
    const broken = markdown.flatMap((file) =>
      linkTargets(file, after(file))
        .filter((target) => deleted.has(target))
        .map((target) => `${file} -> ${target}`),
    );
    expect(broken).toEqual([]);
    const shown = new Set(markdown.flatMap((file) => linkTargets(file, after(file))));
    const images = kept.filter((file) => file.startsWith('docs/') && /\.(png|jpe?g|gif|webp|svg)$/.test(file));
    expect(images.filter((image) => !shown.has(image))).toEqual([]);
  });

  it('names no file the removal deleted, in code spans or prose (a test cited as coverage that is gone)', () => {
    // Except where the deletion is the subject: the removal's own page, and the measurements, which say at
    // their top that the benchmarks go with the demo.
    const aboutTheDemo = new Set(['docs/demo-removal.md', 'docs/performance.md']);
    // Code blocks are examples (the reference docs' running example is the demo's campaign), not citations.
    const prose = (file: string) => after(file).replace(/^(```|~~~)[\s\S]*?^\1/gm, '');
    // A deleted path standing alone: not part of a longer path or name (`e2e/x.spec.ts` in `e2e/x.spec.tsx`).
    const mentions = (text: string, file: string) =>
      new RegExp(`(?<![\\w./-])${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w/-])`).test(text);
    const named = markdown
      .filter((file) => !aboutTheDemo.has(file))
      .flatMap((file) => {
        const text = prose(file);
        return plan.deletions.filter((gone) => mentions(text, gone)).map((gone) => `${file} -> ${gone}`);
      });
    expect(named).toEqual([]);
  });

  it('promises none of what went in its indexes: the benchmarks, their folder and npm scripts', () => {
    for (const file of ['README.md', 'docs/README.md']) {
      const text = after(file);
      expect(text, file).not.toMatch(/benchmark/i);
      expect(text, file).not.toContain('bench/');
      for (const script of plan.scripts) expect(text, file).not.toMatch(new RegExp(`npm run ${script}(?![\\w:])`));
    }
  });

  it('mentions demo markers only in the removal itself and its docs', () => {
    const own = (file: string) =>
      file.startsWith('scripts/demo/') || file === 'scripts/demoRemove.ts' || file === 'docs/demo-removal.md';
    const mentions = kept.filter(
      (file) => !own(file) && /\.(tsx?|md|css)$/.test(file) && /demo markers?\b/i.test(after(file)),
    );
    expect(mentions).toEqual([]);
  });
});
