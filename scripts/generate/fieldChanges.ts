/**
 * What a `--force` run does to the data already in the table, said before it happens: a field left out
 * of the command drops its column (and its data), and a changed type becomes `SET DATA TYPE`, which
 * PostgreSQL refuses when it has no automatic cast (varchar to integer) until the migration says how
 * (`USING`), or when stored values no longer fit (a shorter varchar, an enum without their value). A file field left out drops no column: its slot's attachment rows (and files) stay.
 */
import { type Field, isAttachmentSpec, parseAttachment, parseField, type Resource } from './parseScaffold';

/** The columns of the previous run's command (its file fields are slots, not columns). */
const previousColumns = (previousSpecs: readonly string[]) =>
  previousSpecs.filter((spec) => !isAttachmentSpec(spec)).map(parseField);

/**
 * What PostgreSQL may refuse when `field` becomes `next`: a shorter varchar holding longer values, an enum
 * without a value rows still hold (its check constraint), or a type without an automatic cast. Undefined when
 * every stored value fits (the same type, a longer varchar, an enum with more values).
 */
function changeWarning(table: string, field: Field, next: Field): string | undefined {
  const column = `${table}.${field.column}`;
  if (field.type === 'string' && next.type === 'string') {
    const [was, now] = [field.length ?? 255, next.length ?? 255];
    if (now >= was) return undefined;
    return (
      `warning: ${column} shortens from string:${was} to string:${now}: PostgreSQL refuses the migration while a ` +
      `stored value is longer; before npm run db:migrate, shorten those (left("${field.column}", ${now})) or keep the length`
    );
  }
  if (field.type === 'enum' && next.type === 'enum') {
    const removed = (field.values ?? []).filter((value) => !next.values?.includes(value));
    if (removed.length === 0) return undefined;
    return (
      `warning: ${column} no longer allows ${removed.join(', ')}: the migration's check constraint fails while a row ` +
      'still holds one; before npm run db:migrate, change those rows to a value the field keeps'
    );
  }
  if (field.type === next.type) return undefined;
  return (
    `warning: ${column} changes from ${field.type} to ${next.type}: PostgreSQL refuses the migration's ` +
    'SET DATA TYPE when the old values have no automatic cast; before npm run db:migrate, add ' +
    `USING (an expression converting "${field.column}") to it in the new migration, or empty the column first`
  );
}

export function fieldChangeWarnings(
  table: string,
  previousSpecs: readonly string[],
  fields: readonly Field[],
): string[] {
  const before = previousColumns(previousSpecs);
  const now = new Map(fields.map((field) => [field.column, field]));
  const warnings: string[] = [];
  const dropped = before.filter((field) => !now.has(field.column)).map((field) => field.column);
  if (dropped.length > 0)
    warnings.push(
      `warning: the migration drops ${dropped.map((column) => `${table}.${column}`).join(', ')} and the data in ` +
        `${dropped.length === 1 ? 'it' : 'them'} (${dropped.length === 1 ? 'its field is' : 'their fields are'} not in the command); ` +
        'add the field back to keep it',
    );
  for (const field of before) {
    const next = now.get(field.column);
    const warning = next && changeWarning(table, field, next);
    if (warning) warnings.push(warning);
  }
  return warnings;
}

/**
 * A file field left out removes the slot from the model, but its attachments are rows of `service_attachments`
 * (by model and slot name, no foreign key), which no migration touches: the files stay stored, attached to a slot
 * nothing reads, and the asset cleanup never frees them. Said with the statement that removes them; once the rows
 * are gone the files are unreferenced, and the cleanup deletes them after its delay (docs/attachments.md).
 */
export function removedSlotWarnings(resource: Resource, previousSpecs: readonly string[]): string[] {
  const now = new Set(resource.attachments.map((attachment) => attachment.name));
  const removed = previousSpecs
    .filter(isAttachmentSpec)
    .map((spec) => parseAttachment(spec).name)
    .filter((name) => !now.has(name));
  if (removed.length === 0) return [];
  const one = removed.length === 1;
  return [
    `warning: the file field${one ? '' : 's'} ${removed.join(', ')} ${one ? 'is' : 'are'} not in the command: the files attached to ` +
      `${removed.map((name) => `${resource.name}.${name}`).join(', ')} stay stored (no migration removes a slot's attachments) and the cleanup ` +
      'never frees them; add the field back to keep them, or remove them by adding ' +
      `DELETE FROM "service_attachments" WHERE "attachable_type" = '${resource.name}' AND "name" IN (${removed.map((name) => `'${name}'`).join(', ')}); ` +
      'to a migration (the cleanup then deletes the files after its delay, docs/attachments.md)',
  ];
}

/**
 * A column gone and another come in one run: drizzle-kit asks whether that is a rename, and without a terminal
 * writes no migration (migration.ts), after the files are written. `--dry-run` says so, since it runs no drizzle-kit.
 */
export function renameQuestionWarning(
  table: string,
  previousSpecs: readonly string[],
  fields: readonly Field[],
): string | undefined {
  const before = previousColumns(previousSpecs);
  const was = new Set(before.map((field) => field.column));
  const now = new Set(fields.map((field) => field.column));
  const gone = [...was].filter((column) => !now.has(column));
  const come = [...now].filter((column) => !was.has(column));
  if (gone.length === 0 || come.length === 0) return undefined;
  return (
    `warning: ${table} loses ${gone.join(', ')} and gains ${come.join(', ')} in one run: drizzle-kit would ask whether that is a rename, ` +
    'which it cannot without a terminal, so the run would write the files and then fail with "drizzle-kit wrote no migration". ' +
    'Do it in two steps (--force without the old field, then --force with the new one)'
  );
}
