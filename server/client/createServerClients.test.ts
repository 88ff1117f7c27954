/**
 * Server components: the same names over a server-side caller, prefetching
 * into the request's QueryClient, and hydration into the browser cache that
 * `Controller.use()` reads (rendered with react-dom/server: the hooks run for
 * real, and find the prefetched data under the same keys).
 */
import { dehydrate, hydrate, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { AnyRouter } from '@trpc/server';
import { sql } from 'drizzle-orm';
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { attachScopeGuard, db } from '@/server';
import { clientTestRouters } from '@/server/testing/clientFixtures';
import { type ClientApis, manifest } from '@/server/testing/clientFixtures.gen';
import { authorizeOrg, contextFromRequest, createFixtureTables } from '@/server/testing/controllerFixtures';
import { closeTestDatabase } from '../testing/testDatabase';
import { ClientError } from './ClientError';
import { createControllerClients } from './createControllerClients';
import { createHydrateClient, createServerClients } from './createServerClients';
import { makeQueryClient } from './queryClient';
import { TRPCProvider } from './trpcContext';

let serverQueryClient = makeQueryClient();
let user = '1:1=owner';
let contexts = 0;

const server = createServerClients<ClientApis>(manifest, {
  router: clientTestRouters.router,
  createContext: () => {
    contexts++;
    const request = new Request('http://localhost/', { headers: { 'x-user': user } });
    return attachScopeGuard(contextFromRequest(request), authorizeOrg);
  },
  getQueryClient: () => serverQueryClient,
});
const HydrateClient = createHydrateClient(() => serverQueryClient);
const browser = createControllerClients<ClientApis>(manifest);

beforeAll(createFixtureTables);
afterAll(closeTestDatabase);
beforeEach(async () => {
  serverQueryClient = makeQueryClient();
  user = '1:1=owner';
  await db().execute(sql`truncate projects restart identity`);
  await db().execute(sql`insert into projects (org_id, name, budget) values (1, 'Bravo', 4), (1, 'Alpha', 6)`);
});

describe('server .with()', () => {
  it('calls procedures in-process with the request context and the scope guard', async () => {
    const reports = server.ReportController.with({ orgId: 1 });
    expect(await reports.indexStats()).toEqual({ total: 2 });
    expect(await reports.mutatePublish(1)).toMatchObject({ id: 1, status: 'active' });
    expect(contexts).toBeGreaterThan(0);
    user = '2:2=owner';
    await expect(reports.indexStats()).rejects.toMatchObject({ code: 'NOT_FOUND', httpStatus: 404 });
  });

  it('reports failures as ClientErrors with fields', async () => {
    const error = await server.ReportController.with({ orgId: 1 })
      .create({ name: '' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientError);
    expect(error).toMatchObject({
      code: 'UNPROCESSABLE_ENTITY',
      httpStatus: 422,
      fields: { name: ["can't be blank"] },
    });
  });
});

/** A client component of the page: reads the prefetched data through `.use()`. */
function Totals({ orgId }: { orgId: number }): ReactNode {
  const reports = browser.ReportController.use({ orgId });
  const stats = reports.indexStats();
  const page = reports.index({ sort: 'name' });
  return `total=${stats.data?.total ?? 'loading'} names=${page.data?.data.map((r) => r.name).join(',') ?? 'loading'}`;
}

function renderPage(children: ReactNode): string {
  const queryClient = makeQueryClient();
  const trpcClient = createTRPCClient<AnyRouter>({ links: [httpBatchLink({ url: 'http://unused.test/api/trpc' })] });
  return renderToString(
    createElement(
      QueryClientProvider,
      { client: queryClient },
      createElement(TRPCProvider, { queryClient, trpcClient }, children),
    ),
  );
}

describe('prefetch + HydrateClient', () => {
  it("hands prefetched queries to the browser's .use() hooks under the same keys", async () => {
    const prefetch = server.ReportController.prefetch({ orgId: 1 });
    await Promise.all([prefetch.indexStats(), prefetch.index({ sort: 'name' })]);
    const html = renderPage(createElement(HydrateClient, null, createElement(Totals, { orgId: 1 })));
    expect(html).toContain('total=2 names=Alpha,Bravo');
  });

  it('renders the loading state without a prefetch (proves the data came from hydration)', () => {
    const html = renderPage(createElement(HydrateClient, null, createElement(Totals, { orgId: 1 })));
    expect(html).toContain('total=loading names=loading');
  });

  it('keys differ by scope: another org is not served from the cache', async () => {
    await server.ReportController.prefetch({ orgId: 1 }).indexStats();
    const state = dehydrate(serverQueryClient);
    const browserCache = makeQueryClient();
    hydrate(browserCache, state);
    expect(
      browserCache
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([[['orgs', 'reports', 'stats'], { input: { orgId: 1 }, type: 'query' }]]);
  });

  it('prefetch never throws; fetch returns the data and caches it, or rejects with a ClientError', async () => {
    user = '2:2=owner';
    await expect(server.ReportController.prefetch({ orgId: 1 }).indexStats()).resolves.toBeUndefined();
    user = '1:1=owner';
    expect(await server.ReportController.fetch({ orgId: 1 }).indexScore(2)).toEqual({ id: 2, score: 6 });
    expect(serverQueryClient.getQueryCache().getAll()).toHaveLength(2);
    await expect(server.ReportController.fetch({ orgId: 1 }).get(99)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
