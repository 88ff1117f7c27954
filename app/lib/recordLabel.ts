/**
 * How a related record reads in a list, a select or a detail page: its
 * `name`, else its `title`, else `#<id>`. Used by the generated pages
 * (`npm run generate -- scaffold`); change it to label records your way.
 */
export function recordLabel(record: unknown, id?: number | null): string {
  if (record && typeof record === 'object') {
    const { name, title, id: ownId } = record as { name?: unknown; title?: unknown; id?: unknown };
    if (typeof name === 'string' && name !== '') return name;
    if (typeof title === 'string' && title !== '') return title;
    if (typeof ownId === 'number') return `#${ownId}`;
  }
  return id === null || id === undefined ? '—' : `#${id}`;
}
