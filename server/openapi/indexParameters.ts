/**
 * Query parameters of an index route, from the controller's `index` options
 * (server/controller/parseIndexQuery.ts reads the same options): paging with its
 * bounds, `sort` over the sortable fields, `filter[field]` per filterable
 * field, named `scopes`, one parameter per paramScope. Lists are
 * comma-separated (`style: form, explode: false`): `sort=-createdAt,name`.
 */
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  DEFAULT_MAX_PER_PAGE,
  DEFAULT_PER_PAGE,
  type IndexOptions,
  MAX_FILTER_VALUES,
  MAX_PAGE,
  MAX_SORT_TERMS,
  MAX_VALUE_LENGTH,
} from '../controller/parseIndexQuery';
import type { ModelClass } from '../model';
import { columnSchema } from './columnSchema';
import type { JsonSchema } from './jsonSchema';

export type Parameter = { name: string; in: 'query' | 'path'; [key: string]: unknown };

function list(name: string, items: JsonSchema, maxItems: number, description: string): Parameter {
  return {
    name,
    in: 'query',
    description,
    style: 'form',
    explode: false,
    schema: { type: 'array', items, maxItems },
  };
}

export function indexParameters(model: ModelClass, options: IndexOptions): Parameter[] {
  const perPage = options.perPage ?? DEFAULT_PER_PAGE;
  const maxPerPage = options.maxPerPage ?? DEFAULT_MAX_PER_PAGE;
  const parameters: Parameter[] = [
    {
      name: 'page',
      in: 'query',
      description: '1-based page number.',
      schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
    },
    {
      name: 'perPage',
      in: 'query',
      description: `Records per page; larger values are clamped to ${maxPerPage}.`,
      schema: { type: 'integer', minimum: 1, maximum: maxPerPage, default: perPage },
    },
  ];
  const sortable = options.sortable ?? [];
  if (sortable.length > 0) {
    const terms = sortable.flatMap((field) => [field, `-${field}`]);
    const fallback = options.defaultSort
      ? ` Default: ${options.defaultSort.dir === 'desc' ? '-' : ''}${options.defaultSort.field}.`
      : '';
    parameters.push(
      list('sort', { type: 'string', enum: terms }, MAX_SORT_TERMS, `Sort terms, \`-\` for descending.${fallback}`),
    );
  }
  for (const field of options.filterable ?? []) {
    const item = { ...columnSchema(model.meta.columns[field] as PgColumn) };
    // A filter value is one of the column's values; null is not expressible in a query string.
    if (Array.isArray(item.type)) item.type = item.type.find((type) => type !== 'null');
    if (Array.isArray(item.enum)) item.enum = item.enum.filter((value) => value !== null);
    if (item.type === 'string' && item.maxLength === undefined && !item.enum) item.maxLength = MAX_VALUE_LENGTH;
    parameters.push(list(`filter[${field}]`, item, MAX_FILTER_VALUES, `Only records whose ${field} is one of these.`));
  }
  const scopes = options.scopes ?? [];
  if (scopes.length > 0) {
    const defaults = options.defaultScopes?.length ? ` Default: ${options.defaultScopes.join(',')}.` : '';
    parameters.push(
      list(
        'scopes',
        { type: 'string', enum: [...scopes] },
        scopes.length,
        `Named scopes, replacing the defaults.${defaults}`,
      ),
    );
  }
  for (const name of options.paramScopes ?? []) {
    parameters.push({
      name,
      in: 'query',
      description: `Applies the \`${name}\` scope with this value.`,
      schema: { type: 'string', maxLength: MAX_VALUE_LENGTH },
    });
  }
  return parameters;
}
