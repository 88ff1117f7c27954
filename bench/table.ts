// demo:file (npm run demo:remove deletes this file)
/** Plain-text tables for the terminal (and docs/performance.md). Pure. */

export type Row = readonly (string | number)[];

/** Columns padded to their widest cell; numbers right-aligned, text left-aligned. */
export function formatTable(headers: readonly string[], rows: readonly Row[]): string {
  const cells = [headers.map(String), ...rows.map((row) => row.map(String))];
  const numeric = headers.map(
    (_, column) =>
      rows.length > 0 &&
      rows.every((row) => typeof row[column] === 'number' || /^[-\d.,%x]+$/.test(String(row[column]))),
  );
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) => (numeric[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(cells[0] as string[]), rule, ...cells.slice(1).map(line)].join('\n');
}
