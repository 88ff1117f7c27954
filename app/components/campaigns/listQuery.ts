// demo:file (npm run demo:remove deletes this file)
/**
 * The campaign list's state lives in the URL (`?tab=draft&sort=-budget&q=sale&page=2`),
 * so a reload or a shared link shows the same list. The server page
 * prefetches with these options and the browser's hook asks for the same
 * ones, so the prefetched data is used as is. Add a tab or a sortable column
 * here and in CampaignController's `index` config.
 */
import { MAX_INT4 } from '@/server/client';

export const TABS = [
  { id: 'current', label: 'Current' },
  { id: 'draft', label: 'Draft' },
  { id: 'active', label: 'Active' },
  { id: 'archived', label: 'Archived' },
] as const;
export type TabId = (typeof TABS)[number]['id'];

const SORTABLE = ['name', 'budget', 'createdAt'] as const;
export type SortField = (typeof SORTABLE)[number];
export type Sort = SortField | `-${SortField}`;
const DEFAULT_SORT: Sort = '-createdAt';

export interface ListState {
  tab: TabId;
  sort: Sort;
  q: string;
  page: number;
}

type Get = (name: string) => string | null | undefined;

/** From `URLSearchParams#get`, or a page's `searchParams` object. Unknown values fall back to the defaults. */
export function parseListState(get: Get): ListState {
  const tab = TABS.find((candidate) => candidate.id === get('tab'))?.id ?? 'current';
  const rawSort = get('sort') ?? '';
  const sort = (SORTABLE as readonly string[]).includes(rawSort.replace(/^-/, '')) ? (rawSort as Sort) : DEFAULT_SORT;
  const page = Number(get('page'));
  return {
    tab,
    sort,
    q: (get('q') ?? '').trim().slice(0, 100),
    // Below 1 or not a number: 1. Past the last page: see lastPage (it needs the count).
    page:
      Number.isInteger(page) && page > 1
        ? Math.min(page, MAX_INT4 /* the API's largest page; beyond it the index answers 400 */)
        : 1,
  };
}

/** The last page there is (1 for an empty list), from an index response's `pagination`. */
export function lastPage({ totalCount, perPage }: { totalCount: number; perPage: number }): number {
  return Math.max(1, Math.ceil(totalCount / perPage));
}

/** `searchParams` of a page (values may be arrays) as a getter. */
export function fromSearchParams(params: Record<string, string | string[] | undefined>): Get {
  return (name) => {
    const value = params[name];
    return Array.isArray(value) ? value[0] : value;
  };
}

/** Only what differs from the defaults, so plain URLs stay plain. */
export function toQueryString(state: ListState): string {
  const params = new URLSearchParams();
  if (state.tab !== 'current') params.set('tab', state.tab);
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  if (state.q) params.set('q', state.q);
  if (state.page > 1) params.set('page', String(state.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The typed client's index options: the `current` tab is the controller's default scope (not archived). */
export function indexOptions(state: ListState) {
  return {
    page: state.page,
    sort: state.sort,
    ...(state.tab === 'current' ? {} : { scopes: [state.tab] }),
    ...(state.q ? { search: state.q } : {}),
  };
}

/** Next sort when a column header is clicked: ascending first (dates: newest first), then flip. */
export function nextSort(current: Sort, field: SortField): Sort {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return field;
  return field === 'createdAt' ? '-createdAt' : field;
}
