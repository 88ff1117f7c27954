/**
 * What the `.use()` hooks hand to React Query, tested without a React tree:
 * tRPC's query keys with the flat input, ClientErrors from fetchers, and
 * mutations that invalidate exactly this controller's queries in this scope,
 * and a destroy that marks the record's own queries gone instead of refetching them.
 */
import { MutationObserver, type QueryClient, type QueryKey, QueryObserver } from '@tanstack/react-query';
import { createTRPCUntypedClient, httpBatchLink } from '@trpc/client';
import type { AnyRouter } from '@trpc/server';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/server';
import { clientTestHandler } from '@/server/testing/clientFixtures';
import { manifest } from '@/server/testing/clientFixtures.gen';
import { createFixtureTables } from '@/server/testing/controllerFixtures';
import { closeTestDatabase } from '../testing/testDatabase';
import { ClientError } from './ClientError';
import { controllerQueryFilter, mutationOptionsFor, queryOptionsFor } from './controllerQueries';
import { makeQueryClient } from './queryClient';

const reports = manifest.ReportController;
let queryClient: QueryClient;
let trpc: object;

beforeAll(createFixtureTables);
afterAll(closeTestDatabase);
beforeEach(async () => {
  await db().execute(sql`truncate projects restart identity`);
  await db().execute(
    sql`insert into projects (org_id, name, status) values (1, 'Bravo', 'draft'), (2, 'Globex', 'draft')`,
  );
  queryClient = makeQueryClient();
  const client = createTRPCUntypedClient<AnyRouter>({
    links: [
      httpBatchLink({
        url: 'http://localhost/api/trpc',
        fetch: (input, init) => clientTestHandler(new Request(input, init)),
        headers: { 'x-user': '1:1=owner,2=owner' },
      }),
    ],
  });
  trpc = createTRPCOptionsProxy<AnyRouter>({ client, queryClient });
});

const keyOf = (method: keyof typeof reports.methods, orgId: number, args: unknown[] = []): QueryKey =>
  queryOptionsFor(trpc, reports.methods[method], { orgId }, args).queryKey;

describe('queryOptionsFor', () => {
  it("uses tRPC's key (path, flat input with the scope) and fetches through the client", async () => {
    const options = queryOptionsFor(trpc, reports.methods.index, { orgId: 1 }, [{ page: 1, sort: 'name' }]);
    expect(options.queryKey).toEqual([
      ['orgs', 'reports', 'index'],
      { input: { page: 1, sort: 'name', orgId: 1 }, type: 'query' },
    ]);
    const page = (await queryClient.fetchQuery(options as never)) as { data: { name: string }[] };
    expect(page.data.map((r) => r.name)).toEqual(['Bravo']);
  });

  it('rejects with a ClientError', async () => {
    const options = queryOptionsFor(trpc, reports.methods.get, { orgId: 1 }, [2]); // project 2 is org 2's
    const error = await queryClient
      .fetchQuery({ ...(options as object), retry: false } as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientError);
    expect(error).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404 });
  });
});

describe('mutationOptionsFor', () => {
  function prime(): Record<string, QueryKey> {
    const keys = {
      index1: keyOf('index', 1, [{ page: 1 }]),
      stats1: keyOf('indexStats', 1),
      index2: keyOf('index', 2, [{ page: 1 }]),
      projects1: queryOptionsFor(trpc, manifest.ProjectController.methods.index, { orgId: 1 }, []).queryKey,
    };
    for (const key of Object.values(keys)) queryClient.setQueryData(key, { cached: true });
    return keys;
  }
  const invalidated = (key: QueryKey | undefined) => (key ? queryClient.getQueryState(key)?.isInvalidated : undefined);

  it("invalidates this controller's queries in the same scope after success, then runs onSuccess", async () => {
    const keys = prime();
    const onSuccess = vi.fn(() => invalidated(keys.index1));
    const options = mutationOptionsFor(
      trpc,
      queryClient,
      reports,
      reports.methods.mutatePublish,
      { orgId: 1 },
      {
        onSuccess,
      },
    );
    const result = await new MutationObserver(queryClient, options as never).mutate(1 as never);
    expect(result).toMatchObject({ id: 1, status: 'active' });
    expect([keys.index1, keys.stats1].map(invalidated)).toEqual([true, true]);
    expect([keys.index2, keys.projects1].map(invalidated)).toEqual([false, false]);
    expect(onSuccess).toHaveReturnedWith(true); // invalidation happened before the caller's onSuccess
  });

  it('maps variables by shape: update takes { id, data }', async () => {
    const options = mutationOptionsFor(trpc, queryClient, reports, reports.methods.update, { orgId: 1 });
    const updated = await new MutationObserver(queryClient, options as never).mutate({
      id: 1,
      data: { name: 'New' },
    } as never);
    expect(updated).toMatchObject({ id: 1, name: 'New' });
  });

  it('rejects with a ClientError and invalidates nothing', async () => {
    const keys = prime();
    const options = mutationOptionsFor(trpc, queryClient, reports, reports.methods.create, { orgId: 1 });
    const error = await new MutationObserver(queryClient, options as never)
      .mutate({ name: '' } as never)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'UNPROCESSABLE_ENTITY', fields: { name: ["can't be blank"] } });
    expect(Object.values(keys).map(invalidated)).toEqual([false, false, false, false]);
  });
});

describe('mutationOptionsFor: destroy', () => {
  const destroy = () =>
    new MutationObserver(
      queryClient,
      mutationOptionsFor(trpc, queryClient, reports, reports.methods.destroy, { orgId: 1 }) as never,
    ).mutate(1 as never);
  const fetches = vi.fn();
  /** What a page's `reports.get(1)` hook would observe (the client's defaults applied), counting its fetches. */
  function observe(key: QueryKey) {
    return new QueryObserver(
      queryClient,
      queryClient.defaultQueryOptions({
        queryKey: key,
        queryFn: () => {
          fetches();
          return { refetched: true };
        },
      }),
    );
  }
  const gone = {
    status: 'error',
    data: undefined,
    isInvalidated: false,
    error: { code: 'NOT_FOUND', httpStatus: 404 },
  };
  beforeEach(() => fetches.mockClear());

  it("marks the record's queries a 404 without asking again, and invalidates the others", async () => {
    const get1 = keyOf('get', 1, [1]);
    const score1 = keyOf('indexScore', 1, [1]);
    const get3 = keyOf('get', 1, [3]);
    const index1 = keyOf('index', 1, [{ page: 1 }]);
    for (const key of [get1, score1, get3, index1]) queryClient.setQueryData(key, { cached: true });
    await destroy();
    expect(queryClient.getQueryState(get1)).toMatchObject(gone);
    expect(queryClient.getQueryState(score1)).toMatchObject(gone);
    expect([get3, index1].map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([true, true]);
    // A page mounting it later (the browser's Back) shows the 404 rather than asking, or taking an older copy.
    const observer = observe(get1);
    const unsubscribe = observer.subscribe(() => {});
    expect(observer.getCurrentResult()).toMatchObject({ status: 'error', fetchStatus: 'idle' });
    expect(fetches).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('leaves a record query a component still shows as it is until the component lets it go', async () => {
    const get1 = keyOf('get', 1, [1]);
    queryClient.setQueryData(get1, { cached: true });
    const observer = observe(get1);
    const unsubscribe = observer.subscribe(() => {});
    await destroy();
    // Not invalidated, so not refetched (a 404) while the deleting page is still on screen.
    expect(queryClient.getQueryState(get1)).toMatchObject({
      status: 'success',
      data: { cached: true },
      isInvalidated: false,
    });
    expect(observer.getCurrentResult().data).toEqual({ cached: true });
    unsubscribe();
    expect(queryClient.getQueryState(get1)).toMatchObject(gone);
    expect(fetches).not.toHaveBeenCalled();
  });

  it('marks nothing when the destroy fails', async () => {
    const get2 = keyOf('get', 1, [2]); // project 2 is org 2's: a 404
    queryClient.setQueryData(get2, { cached: true });
    const error = await new MutationObserver(
      queryClient,
      mutationOptionsFor(trpc, queryClient, reports, reports.methods.destroy, { orgId: 1 }) as never,
    )
      .mutate(2 as never)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NOT_FOUND' });
    expect(queryClient.getQueryState(get2)).toMatchObject({ status: 'success', data: { cached: true } });
  });
});

describe('controllerQueryFilter', () => {
  it('matches by procedure path and scope values, not by prefix', () => {
    const { predicate } = controllerQueryFilter(reports, { orgId: 1 });
    const query = (queryKey: unknown) => ({ queryKey }) as never;
    expect(predicate(query([['orgs', 'reports', 'stats'], { input: { orgId: 1 }, type: 'query' }]))).toBe(true);
    expect(predicate(query([['orgs', 'reports', 'stats'], { input: { orgId: 2 }, type: 'query' }]))).toBe(false);
    expect(predicate(query([['orgs', 'reports'], { input: { orgId: 1 } }]))).toBe(false);
    expect(predicate(query([['orgs', 'reports', 'publish'], { input: { orgId: 1 } }]))).toBe(false); // a mutation
    expect(predicate(query(['not-trpc']))).toBe(false);
  });
});
