/**
 * Joins fragments of generated code. The scaffold's values are built in several files (the pages',
 * the file slots', the tests'); one copy keeps their joining the same, so the output does not drift.
 */

/** One fragment a line: a template's placeholder alone on its line takes them, indented. */
export const lines = (items: readonly string[]) => items.join('\n');

/** `'a', 'b'`: the names as a list of string literals. */
export const quoteList = (names: readonly string[]) => names.map((name) => `'${name}'`).join(', ');
