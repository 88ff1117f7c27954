/**
 * The index query contract (docs/controllers.md, "Routes, names and input"
 * and "Request parsing rules"): paging, sort, filter, scopes and param
 * scopes, read from a REST query string or from tRPC input, validated against
 * the controller's `@crud` index options. Both forms go through one
 * validator, so they accept and refuse the same things.
 *
 * Every field name is checked against an allow-list before it is used, and
 * error messages quote at most a short, sanitised excerpt of client input.
 * Limits below are deliberate guards; change them here if your app needs more.
 */

import { MAX_INT4 } from '../shared/int4';
import { assertStorableStrings } from './assertStorableStrings';
import { BadRequest } from './errors';

export interface SortTerm<F extends string = string> {
  field: F;
  dir: 'asc' | 'desc';
}

/**
 * Index options of `@crud`. With a declared model, `F` is its attribute names
 * and `S` its named scopes, so a typo is a compile error (server/model/declaredNames.ts).
 */
export interface IndexOptions<F extends string = string, S extends string = string> {
  scopes?: readonly S[];
  defaultScopes?: readonly S[];
  paramScopes?: readonly S[];
  sortable?: readonly F[];
  defaultSort?: SortTerm<F>;
  filterable?: readonly F[];
  perPage?: number;
  maxPerPage?: number;
  /**
   * Where the index stops counting rows (default 1,000, server/model/types.ts
   * DEFAULT_COUNT_LIMIT); past it `pagination.totalCountCapped` is true and
   * `totalCount` a lower bound. `Infinity` counts every row (cost grows with the table).
   */
  countLimit?: number;
}

export interface IndexQuery {
  page: number;
  perPage: number;
  /** Always ends with an `id` term (the tie-breaker) unless the client sorted by `id` itself. */
  sort: SortTerm[];
  filter: Record<string, string | string[]>;
  scopes: string[];
  params: Record<string, string>;
}

export const DEFAULT_PER_PAGE = 25;
export const DEFAULT_MAX_PER_PAGE = 100;
/** Pages are int4 like ids; a larger number is a 400, not an empty page. */
export const MAX_PAGE = MAX_INT4;
export const MAX_SORT_TERMS = 5;
export const MAX_FILTER_VALUES = 100;
/** Longest filter or param-scope value accepted, in characters. */
export const MAX_VALUE_LENGTH = 1_000;
/** Query keys with a meaning of their own; a `paramScopes` entry must not reuse them (check at boot). */
const RESERVED_INDEX_KEYS: readonly string[] = ['page', 'perPage', 'sort', 'filter', 'scopes'];

interface RawIndexQuery {
  page?: unknown;
  perPage?: unknown;
  sort?: unknown;
  filter: Map<string, unknown>;
  scopes?: unknown;
  params: Map<string, unknown>;
}

function invalid(key: string, detail: string): BadRequest {
  return new BadRequest(`Invalid ${key}`, { [key]: [detail] });
}

/** A short, printable excerpt of client input, safe to put in an error message. */
function excerpt(value: unknown): string {
  const text = typeof value === 'string' ? value : typeof value;
  const safe = text.slice(0, 40).replace(/[^\x20-\x7e]|["'\\<>`]/g, '?');
  return `"${safe}${text.length > 40 ? '…' : ''}"`;
}

function allowedList(allowed: readonly string[]): string {
  return allowed.length > 0 ? allowed.join(', ') : 'none';
}

/** A 1-based integer from a decimal string (REST) or a number (tRPC); above `max` -> 400. */
function positiveInt(key: string, value: unknown, max: number): number | undefined {
  if (value === undefined) return undefined;
  const number = typeof value === 'string' && /^[1-9][0-9]*$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1) {
    throw invalid(key, 'must be a positive integer');
  }
  if (number > max) throw invalid(key, `must be at most ${max}`);
  return number;
}

function sortTermsOf(value: unknown): unknown[] {
  if (typeof value === 'string') return value === '' ? [] : value.split(',');
  if (Array.isArray(value)) return value;
  throw invalid('sort', 'must be a list such as "-createdAt,name" or [{field, dir}]');
}

function toSortTerm(term: unknown, sortable: readonly string[]): SortTerm {
  let field: unknown;
  let dir: unknown = 'asc';
  if (typeof term === 'string') {
    field = term.startsWith('-') ? term.slice(1) : term;
    if (term.startsWith('-')) dir = 'desc';
  } else if (term !== null && typeof term === 'object' && !Array.isArray(term)) {
    ({ field, dir = 'asc' } = term as { field?: unknown; dir?: unknown });
  }
  if (typeof field !== 'string' || !sortable.includes(field)) {
    throw invalid('sort', `cannot sort by ${excerpt(field)} (sortable: ${allowedList(sortable)})`);
  }
  if (dir !== 'asc' && dir !== 'desc') throw invalid('sort', `dir of "${field}" must be "asc" or "desc"`);
  return { field, dir };
}

/** The `id` tie-breaker makes paging stable when the sort keys tie. */
function withTieBreaker(terms: SortTerm[]): SortTerm[] {
  const first = terms[0];
  if (!first) return [{ field: 'id', dir: 'asc' }];
  return terms.some((term) => term.field === 'id') ? terms : [...terms, { field: 'id', dir: first.dir }];
}

function parseSort(value: unknown, options: IndexOptions): SortTerm[] {
  const terms = value === undefined ? [] : sortTermsOf(value);
  if (terms.length === 0) return withTieBreaker(options.defaultSort ? [options.defaultSort] : []);
  if (terms.length > MAX_SORT_TERMS) throw invalid('sort', `must have at most ${MAX_SORT_TERMS} terms`);
  const sort = terms.map((term) => toSortTerm(term, options.sortable ?? []));
  const fields = new Set(sort.map((term) => term.field));
  if (fields.size !== sort.length) throw invalid('sort', 'must not name a field twice');
  return withTieBreaker(sort);
}

function filterValue(field: string, value: unknown): string {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  const converted = typeof text === 'boolean' ? String(text) : text;
  if (typeof converted !== 'string') throw invalid('filter', `value of "${field}" must be a string, number or boolean`);
  if (converted.length > MAX_VALUE_LENGTH) {
    throw invalid('filter', `value of "${field}" must be at most ${MAX_VALUE_LENGTH} characters`);
  }
  assertStorableStrings(converted, 'filter');
  return converted;
}

function parseFilter(raw: Map<string, unknown>, filterable: readonly string[]): Record<string, string | string[]> {
  const filter = new Map<string, string | string[]>();
  for (const [field, value] of raw) {
    if (!filterable.includes(field)) {
      throw invalid('filter', `cannot filter by ${excerpt(field)} (filterable: ${allowedList(filterable)})`);
    }
    if (value === undefined) continue;
    if (!Array.isArray(value)) {
      filter.set(field, filterValue(field, value));
      continue;
    }
    if (value.length === 0) throw invalid('filter', `list for "${field}" must not be empty`);
    if (value.length > MAX_FILTER_VALUES) {
      throw invalid('filter', `list for "${field}" must have at most ${MAX_FILTER_VALUES} values`);
    }
    filter.set(
      field,
      value.map((item) => filterValue(field, item)),
    );
  }
  // fromEntries defines own properties, so no key can reach Object.prototype.
  return Object.fromEntries(filter);
}

function parseScopes(value: unknown, options: IndexOptions): string[] {
  if (value === undefined) return [...(options.defaultScopes ?? [])];
  const names = typeof value === 'string' ? (value === '' ? [] : value.split(',')) : value;
  if (!Array.isArray(names)) throw invalid('scopes', 'must be a list such as "active,recent" or ["active"]');
  const allowed = options.scopes ?? [];
  for (const name of names) {
    if (typeof name !== 'string' || !allowed.includes(name)) {
      throw invalid('scopes', `unknown scope ${excerpt(name)} (scopes: ${allowedList(allowed)})`);
    }
  }
  return [...new Set<string>(names)];
}

function parseParams(raw: Map<string, unknown>): Record<string, string> {
  const params = new Map<string, string>();
  for (const [name, value] of raw) {
    if (value === undefined) continue;
    const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
    if (typeof text !== 'string') throw invalid(name, 'must be a string');
    if (text.length > MAX_VALUE_LENGTH) throw invalid(name, `must be at most ${MAX_VALUE_LENGTH} characters`);
    assertStorableStrings(text, name);
    params.set(name, text);
  }
  return Object.fromEntries(params);
}

function buildIndexQuery(raw: RawIndexQuery, options: IndexOptions): IndexQuery {
  const maxPerPage = options.maxPerPage ?? DEFAULT_MAX_PER_PAGE;
  const perPage = positiveInt('perPage', raw.perPage, Number.POSITIVE_INFINITY) ?? options.perPage ?? DEFAULT_PER_PAGE;
  return {
    page: positiveInt('page', raw.page, MAX_PAGE) ?? 1,
    perPage: Math.min(perPage, maxPerPage),
    sort: parseSort(raw.sort, options),
    filter: parseFilter(raw.filter, options.filterable ?? []),
    scopes: parseScopes(raw.scopes, options),
    params: parseParams(raw.params),
  };
}

/** `filter[status]` -> `status`; any other shape of a `filter` key -> 400. */
function filterField(key: string): string {
  const match = /^filter\[([^[\]]+)\]$/.exec(key);
  if (!match?.[1]) throw invalid('filter', `malformed key ${excerpt(key)}: use filter[field]=value`);
  return match[1];
}

/**
 * REST: `?page=2&perPage=50&sort=-createdAt,name&filter[status]=draft,active&scopes=active&search=x`.
 * Unknown keys are ignored; a known key given twice is a 400. Filter values
 * are split on commas (a value cannot contain one over REST; use tRPC).
 */
export function parseIndexSearchParams(search: URLSearchParams, options: IndexOptions): IndexQuery {
  const raw: RawIndexQuery = { filter: new Map(), params: new Map() };
  const paramScopes = options.paramScopes ?? [];
  const seen = new Set<string>();
  for (const [key, value] of search) {
    const isFilter = key === 'filter' || key.startsWith('filter[');
    const known = isFilter || RESERVED_INDEX_KEYS.includes(key) || paramScopes.includes(key);
    if (!known) continue;
    if (seen.has(key)) throw invalid(isFilter ? 'filter' : key, 'must be given once');
    seen.add(key);
    if (isFilter) {
      const values = value.split(',');
      raw.filter.set(filterField(key), values.length === 1 ? value : values);
    } else if (paramScopes.includes(key) && !RESERVED_INDEX_KEYS.includes(key)) {
      raw.params.set(key, value);
    } else {
      raw[key as 'page' | 'perPage' | 'sort' | 'scopes'] = value;
    }
  }
  return buildIndexQuery(raw, options);
}

/**
 * tRPC: the flat input object (`{teamId, page, sort: [{field, dir}], filter:
 * {status: ['draft']}, scopes: ['active'], search}`). `sort` and `scopes` also
 * accept the REST string forms. Keys this function does not know are left to
 * the caller.
 */
export function parseIndexInput(input: Record<string, unknown>, options: IndexOptions): IndexQuery {
  const filter = input.filter;
  if (filter !== undefined && (filter === null || typeof filter !== 'object' || Array.isArray(filter))) {
    throw invalid('filter', 'must be an object such as {status: ["draft", "active"]}');
  }
  const params = (options.paramScopes ?? [])
    .filter((name) => !RESERVED_INDEX_KEYS.includes(name) && Object.hasOwn(input, name))
    .map((name): [string, unknown] => [name, input[name]]);
  return buildIndexQuery(
    {
      page: input.page,
      perPage: input.perPage,
      sort: input.sort,
      filter: new Map(Object.entries(filter ?? {})),
      scopes: input.scopes,
      params: new Map(params),
    },
    options,
  );
}
