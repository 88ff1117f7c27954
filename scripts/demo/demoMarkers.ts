/**
 * How the demo's code is marked, so `npm run demo:remove` can take it out
 * without a hand-kept list of files (docs/demo-removal.md):
 *
 *   // demo:file            first line of a file that is demo only: deleted
 *   // demo:begin           these lines, and every line up to
 *   // demo:end             this one, are removed from a shared file
 *
 * Any comment style works (`//`, `/*`, `{/*` in JSX, `<!--` in Markdown,
 * `#`, `--` in SQL), but the marker must open its own line: a sentence that
 * mentions `demo:begin` in passing is not a marker, nor is a line inside a
 * Markdown code fence.
 */

const marker = (word: string) => new RegExp(`^\\s*(?://|/\\*\\*?|\\{/\\*|<!--|#|--)\\s*demo:${word}\\b`);
const FILE = marker('file');
const BEGIN = marker('begin');
const END = marker('end');

export class DemoMarkerError extends Error {}

/** Whether the whole file is the demo's (its first line is a `demo:file` marker). */
export function isDemoFile(text: string): boolean {
  return FILE.test(text.split('\n', 1)[0] ?? '');
}

const FENCE = /^\s*(```|~~~)/;

/**
 * Each line with what it is: a region's begin or end marker, or text. In
 * Markdown, lines inside a fenced code block are always text, so a page can
 * show the markers in an example without cutting it.
 */
function classify(text: string, file: string): { line: string; kind: 'begin' | 'end' | 'text' }[] {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (file.endsWith('.md') && FENCE.test(line)) fenced = !fenced;
    else if (!fenced && BEGIN.test(line)) return { line, kind: 'begin' };
    else if (!fenced && END.test(line)) return { line, kind: 'end' };
    return { line, kind: 'text' };
  });
}

/** Whether the text has a `demo:begin` region. */
export function hasDemoRegions(text: string, file: string): boolean {
  return classify(text, file).some(({ kind }) => kind === 'begin');
}

/**
 * The text without its `demo:begin` ... `demo:end` regions (markers
 * included). Unbalanced or nested markers are an error naming the line:
 * removing a guess could cut the wrong code.
 */
export function stripDemoRegions(text: string, file: string): string {
  const kept: string[] = [];
  let openedAt = 0;
  for (const [index, { line, kind }] of classify(text, file).entries()) {
    if (kind === 'begin') {
      if (openedAt)
        throw new DemoMarkerError(`${file}:${index + 1}: demo:begin inside the region opened on line ${openedAt}`);
      openedAt = index + 1;
    } else if (kind === 'end') {
      if (!openedAt) throw new DemoMarkerError(`${file}:${index + 1}: demo:end without a demo:begin`);
      openedAt = 0;
    } else if (!openedAt) {
      kept.push(line);
    }
  }
  if (openedAt) throw new DemoMarkerError(`${file}:${openedAt}: demo:begin is never closed by a demo:end`);
  return kept.join('\n');
}
