/**
 * `order()` specs -> drizzle SQL through the column objects. Unknown fields
 * throw (the controller validates sort fields at boot and per request; this is
 * the last line of defence against interpolating a client string). Each key
 * carries its shape (`-createdAt`) for the statement cache; raw SQL has none.
 */
import { asc, desc, is, SQL, sql } from 'drizzle-orm';
import type { ModelMeta } from './ModelMeta';
import type { OrderSpec, SortDirection } from './types';

export interface OrderTerm {
  readonly shape: string | null;
  readonly sql: SQL;
}

export function orderClause(meta: ModelMeta, spec: OrderSpec): OrderTerm[] {
  if (is(spec, SQL)) return [{ shape: null, sql: spec }];
  if (typeof spec === 'string') return [fromString(meta, spec)];
  if (Array.isArray(spec)) {
    return spec.map((entry: unknown) => {
      if (typeof entry === 'string') return fromString(meta, entry);
      const { field, dir } = entry as { field: string; dir?: SortDirection };
      return direction(meta, field, dir ?? 'asc');
    });
  }
  return Object.entries(spec as Record<string, SortDirection>).map(([field, dir]) => direction(meta, field, dir));
}

function fromString(meta: ModelMeta, spec: string): OrderTerm {
  return spec.startsWith('-') ? direction(meta, spec.slice(1), 'desc') : direction(meta, spec, 'asc');
}

function direction(meta: ModelMeta, field: string, dir: SortDirection): OrderTerm {
  const column = meta.column(field);
  if (dir === 'asc') return { shape: field, sql: asc(column) };
  // Missing values sort last both ways (PostgreSQL puts NULLs first when
  // descending). Only nullable columns need it, so NOT NULL columns keep plain
  // DESC and stay index-friendly.
  if (dir === 'desc')
    return { shape: `-${field}`, sql: column.notNull ? desc(column) : sql`${column} desc nulls last` };
  throw new Error(`${meta.name}.order: direction for "${field}" must be 'asc' or 'desc'.`);
}
