// demo:file (npm run demo:remove deletes this file)
/**
 * Input parsing of the hand-written handlers: the same rules the controller
 * applies (permit lists, paging bounds, sortable/filterable fields, the
 * `notArchived` default scope, the `id` tie-breaker), written with zod the
 * way a hand-written app would.
 */
import { z } from 'zod';
import { CAMPAIGN_STATUSES, MAX_BUDGET } from '@/db/schema';
import { LIST_SCOPES, type ListQuery, SORTABLE } from './campaignQueries';
import { fieldErrors, HttpError } from './httpError';

const PER_PAGE = 20;
const MAX_PER_PAGE = 100;

const name = z.string().trim().min(1, "can't be blank").max(120, 'is too long (maximum is 120 characters)');
const budget = z.number().int('must be a whole number').min(0).max(MAX_BUDGET).nullish();

/** create permits name, budget, status; unknown keys are dropped (zod strips them). */
export const createData = z.object({ name, budget, status: z.enum(CAMPAIGN_STATUSES).optional() });
/** update permits name and budget only. */
export const updateData = z.object({ name: name.optional(), budget });

export function parseData<T>(schema: z.ZodType<T>, body: unknown): T {
  const raw = body !== null && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body;
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) {
    throw new HttpError(422, 'UNPROCESSABLE_ENTITY', 'Validation failed', fieldErrors(parsed.error.issues));
  }
  return parsed.data;
}

const sortTerm = z.object({ field: z.enum([...SORTABLE, 'id']), dir: z.enum(['asc', 'desc']).default('asc') });
const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).min(1).max(100)]).optional();

/** The tRPC form: `{teamId, page, perPage, sort: [{field, dir}], filter, scopes, search}`. */
export const listInput = z.object({
  teamId: z.number().int().min(1).max(2_147_483_647),
  page: z.number().int().min(1).default(1),
  perPage: z.number().int().min(1).default(PER_PAGE),
  sort: z.array(sortTerm).max(5).optional(),
  filter: z
    .object({ status: oneOrMany(z.enum(CAMPAIGN_STATUSES)), createdById: oneOrMany(z.number().int()) })
    .strict()
    .optional(),
  scopes: z.array(z.enum(LIST_SCOPES)).optional(),
  search: z.string().max(1000).optional(),
});

const list = <T>(value: T | T[] | undefined): T[] | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value : [value];

export function toListQuery(input: z.output<typeof listInput>): ListQuery {
  const sort = input.sort?.length ? input.sort : [{ field: 'createdAt' as const, dir: 'desc' as const }];
  const tieBreaker = sort.some((term) => term.field === 'id')
    ? []
    : [{ field: 'id' as const, dir: sort[0]?.dir ?? 'asc' }];
  return {
    page: input.page,
    perPage: Math.min(input.perPage, MAX_PER_PAGE),
    sort: [...sort, ...tieBreaker],
    scopes: input.scopes ?? ['notArchived'],
    status: list(input.filter?.status),
    createdById: list(input.filter?.createdById),
    search: input.search || undefined,
  };
}

/** The REST form: `?page=3&perPage=20&sort=-createdAt&filter[status]=draft,active&scopes=active&search=x`. */
export function parseListSearchParams(teamId: number, params: URLSearchParams): ListQuery {
  const integer = (key: string) => {
    const value = params.get(key);
    return value === null ? undefined : /^[1-9]\d{0,9}$/.test(value) ? Number(value) : Number.NaN;
  };
  const csv = (key: string) => params.get(key)?.split(',').filter(Boolean);
  const status = csv('filter[status]');
  const createdById = csv('filter[createdById]')?.map(Number);
  const sort = csv('sort')?.map((term) =>
    term.startsWith('-') ? { field: term.slice(1), dir: 'desc' } : { field: term, dir: 'asc' },
  );
  const parsed = listInput.safeParse({
    teamId,
    page: integer('page'),
    perPage: integer('perPage'),
    sort,
    filter: status || createdById ? { status: list(status), createdById } : undefined,
    scopes: csv('scopes'),
    search: params.get('search') ?? undefined,
  });
  if (!parsed.success) throw new HttpError(400, 'BAD_REQUEST', 'Invalid query', fieldErrors(parsed.error.issues));
  return toListQuery(parsed.data);
}
