/**
 * A case-insensitive "contains" condition for search scopes, with the term taken as text:
 * `%`, `_` and `\` in it match themselves, not any characters (an `ilike` built from the term as
 * it is turns `?search=%` into "everything").
 *
 *   scopes: { search: (q, term: string) => q.where(containsText(notes.title, term)) }
 *
 * An index for it: `pg_trgm` (`create index ... using gin (title gin_trgm_ops)`) once a table is large.
 */
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** `%`, `_` and `\` are LIKE's wildcards and escape: escaped, each matches itself. */
function likeEscape(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export function containsText(column: AnyColumn, term: string): SQL {
  return sql`${column} ilike ${`%${likeEscape(term)}%`} escape '\\'`;
}
