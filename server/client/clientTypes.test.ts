/**
 * Type-level tests of the generated client names and types (checked by
 * `tsc --noEmit`, which `npm test` runs): every row of the spec's client-name
 * table, default actions, singletons, overrides, hidden attributes, computed
 * fields, and misuses that must not compile (`@ts-expect-error` fails tsc when the line
 * compiles). The functions holding hook calls are never run: hooks need React.
 */
import {
  type UseMutationResult,
  type UseQueryResult,
  type UseSuspenseQueryResult,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Badge } from '@/server/testing/clientFixtures';
import { type ClientApis, manifest } from '@/server/testing/clientFixtures.gen';
import type { ClientError } from './ClientError';
import { createControllerClients } from './createControllerClients';
import type { IndexPage, JsonRecord, Serialized, Simplify } from './jsonTypes';

const {
  ReportController,
  ProjectController,
  OrgSettingsController,
  PersonController,
  APIKeyController,
  BadgeController,
} = createControllerClients<ClientApis>(manifest);

type Report = {
  id: number;
  orgId: number;
  name: string;
  budget: number | null;
  status: 'draft' | 'active' | 'archived';
  ownerId: number | null;
  createdAt: string;
  updatedAt: string;
};
type ReportWithOwner = Simplify<Report & { owner: JsonRecord | null }>;

const reports = ReportController.with({ orgId: 1 });

describe('client names of the spec table (.with)', () => {
  it('types every row', () => {
    expectTypeOf(reports.indexStats).toEqualTypeOf<() => Promise<{ total: number }>>();
    expectTypeOf(reports.indexKeypoints).toEqualTypeOf<() => Promise<string[]>>();
    expectTypeOf(reports.getSummary).toEqualTypeOf<() => Promise<{ budgets: number; newest: Report | null }>>();
    expectTypeOf(reports.indexScore).toEqualTypeOf<(id: number) => Promise<{ id: number; score: number }>>();
    expectTypeOf(reports.mutateRecalculate).toEqualTypeOf<() => Promise<{ recalculated: number; at: string }>>();
    expectTypeOf(reports.mutatePresign).toEqualTypeOf<
      (input: {
        filename: string;
        contentType: string;
      }) => Promise<{ uploadUrl: string; key: string; publicUrl: string }>
    >();
    expectTypeOf(reports.mutateAssign).parameter(0).toEqualTypeOf<{ id: number } & { ownerId: number | null }>();
    expectTypeOf(reports.mutateAssign).returns.resolves.toEqualTypeOf<Report>();
    expectTypeOf(reports.mutatePublish).toEqualTypeOf<(id: number) => Promise<Report>>();
    expectTypeOf(reports.mutateBulkArchive).toEqualTypeOf<
      (ids: readonly number[]) => Promise<{ archived: number[] }>
    >();
  });

  it('types the default actions from the @crud config', () => {
    expectTypeOf(reports.index).returns.resolves.toEqualTypeOf<IndexPage<ReportWithOwner>>();
    expectTypeOf(reports.create).parameter(0).toEqualTypeOf<Partial<{ name: string; budget: number | null }>>();
    expectTypeOf(reports.create).returns.resolves.toEqualTypeOf<Report>();
    expectTypeOf(reports.update).parameters.toEqualTypeOf<[id: number, data: Partial<{ name: string }>]>();
    expectTypeOf(reports.destroy).toEqualTypeOf<(id: number) => Promise<{ success: true }>>();
    // `get` is overridden by a method: its return type wins, serialised (Date -> string).
    expectTypeOf(reports.get).toEqualTypeOf<(id: number) => Promise<{ report: Report | null; generatedAt: string }>>();
    // Index options accept the declared names only.
    expectTypeOf(reports.index).parameter(0).toMatchTypeOf<
      | {
          sort?: 'name' | '-name' | 'createdAt' | '-createdAt' | readonly unknown[];
          scopes?: readonly ('draft' | 'active')[];
          search?: string | number;
        }
      | undefined
    >();
  });

  it('types singletons, plain controllers and hidden attributes', () => {
    const settings = OrgSettingsController.with({ orgId: 1 });
    type Settings = { id: number; orgId: number; timezone: string; digest: boolean };
    expectTypeOf(settings.get).toEqualTypeOf<() => Promise<Settings | null>>();
    expectTypeOf(settings.findOrCreate).toEqualTypeOf<() => Promise<Settings>>();
    expectTypeOf(settings.update).toEqualTypeOf<
      (data: Partial<{ timezone: string; digest: boolean }>) => Promise<Settings>
    >();
    // HiddenNamePerson hides `name`: it is neither in the output nor in the input.
    expectTypeOf(PersonController.with().get).returns.resolves.toEqualTypeOf<{ id: number }>();
    expectTypeOf(APIKeyController.with().indexPing).toEqualTypeOf<() => Promise<string>>();
    // The fixture controller's own methods: load + input, collection input, never-returning action.
    const projects = ProjectController.with({ orgId: 1 });
    expectTypeOf(projects.mutateRename).parameter(0).toEqualTypeOf<{ id: number } & { name: string }>();
    expectTypeOf(projects.mutateEcho).parameter(0).toEqualTypeOf<Record<string, unknown>>();
  });

  it("types a model's computed fields by their schemas, wherever its records are answered", () => {
    type BadgeJson = { id: number; name: string; initial: string; issuedAt: string; nickname?: string };
    const badges = BadgeController.with();
    expectTypeOf(badges.get).returns.resolves.toEqualTypeOf<BadgeJson>();
    expectTypeOf(badges.index).returns.resolves.toEqualTypeOf<IndexPage<BadgeJson>>();
    expectTypeOf(badges.indexNewest).returns.resolves.toEqualTypeOf<{
      badge: BadgeJson | null;
      recent: BadgeJson[];
    }>();
    // A record answered by another model's controller: the same JSON.
    expectTypeOf<Serialized<Badge>>().toEqualTypeOf<BadgeJson>();
    // Computed fields are answered, never written.
    expectTypeOf(badges.create).parameter(0).toEqualTypeOf<Partial<{ name: string }>>();
  });

  it('the runtime manifest agrees with the table', () => {
    expect(manifest.ReportController.methods).toMatchObject({
      indexStats: ['orgs.reports.stats', 'query', 'none'],
      indexKeypoints: ['orgs.reports.indexKeypoints', 'query', 'none'],
      getSummary: ['orgs.reports.getSummary', 'query', 'none'],
      indexScore: ['orgs.reports.score', 'query', 'id'],
      mutateRecalculate: ['orgs.reports.recalculate', 'mutation', 'none'],
      mutatePresign: ['orgs.reports.presign', 'mutation', 'input'],
      mutateAssign: ['orgs.reports.assign', 'mutation', 'idInput'],
      mutatePublish: ['orgs.reports.publish', 'mutation', 'id'],
      mutateBulkArchive: ['orgs.reports.bulkArchive', 'mutation', 'ids'],
    });
  });
});

/** Hooks: typed here, never called (no React tree in this test). */
function useHookTypes(): void {
  const hooks = ReportController.use({ orgId: 1 });
  expectTypeOf(hooks.index({ page: 2, sort: '-createdAt' })).toEqualTypeOf<
    UseQueryResult<IndexPage<ReportWithOwner>, ClientError>
  >();
  expectTypeOf(hooks.indexStats()).toEqualTypeOf<UseQueryResult<{ total: number }, ClientError>>();
  expectTypeOf(hooks.indexStats({ enabled: false })).toEqualTypeOf<UseQueryResult<{ total: number }, ClientError>>();
  expectTypeOf(hooks.indexScore(3, { staleTime: 0 })).toEqualTypeOf<
    UseQueryResult<{ id: number; score: number }, ClientError>
  >();
  expectTypeOf(hooks.mutatePublish()).toEqualTypeOf<UseMutationResult<Report, ClientError, number>>();
  expectTypeOf(hooks.mutateBulkArchive()).toEqualTypeOf<
    UseMutationResult<{ archived: number[] }, ClientError, readonly number[]>
  >();
  expectTypeOf(hooks.mutateAssign().mutate).parameter(0).toEqualTypeOf<{ id: number } & { ownerId: number | null }>();
  expectTypeOf(hooks.update().mutate).parameter(0).toEqualTypeOf<{ id: number; data: Partial<{ name: string }> }>();
  expectTypeOf(hooks.mutateRecalculate().mutateAsync).returns.resolves.toEqualTypeOf<{
    recalculated: number;
    at: string;
  }>();
  hooks.mutateRecalculate().mutate();
  expectTypeOf(hooks.create().error).toEqualTypeOf<ClientError | null>();
  expectTypeOf(hooks.indexStats.queryOptions().queryKey).not.toBeAny();
  // `.queryOptions()` feeds React Query directly, suspense included (streamed server prefetches).
  expectTypeOf(useSuspenseQuery(hooks.indexScore.queryOptions(1))).toEqualTypeOf<
    UseSuspenseQueryResult<{ id: number; score: number }, ClientError>
  >();
  expectTypeOf(hooks.invalidate).toEqualTypeOf<() => Promise<void>>();
}

/** Misuses: each line must fail to compile. */
function misuses(): void {
  const hooks = ReportController.use({ orgId: 1 });
  // @ts-expect-error wrong input type: budget is a number
  reports.create({ budget: 'ten' });
  // @ts-expect-error unknown client name
  reports.indexFoo();
  // @ts-expect-error the spec's names only: `stats` is exposed as indexStats
  reports.stats();
  // @ts-expect-error missing scope param
  ReportController.use({});
  // @ts-expect-error scope param of the wrong type
  ReportController.with({ orgId: '1' });
  // @ts-expect-error `.with()` without its scope on a scoped controller
  ReportController.with();
  // @ts-expect-error query used as a mutation
  hooks.indexStats().mutate();
  // @ts-expect-error a mutation's result used as a query
  hooks.mutatePublish().refetch();
  // @ts-expect-error a mutation hook takes options, not the id
  hooks.mutatePublish(1);
  // @ts-expect-error wrong id type
  reports.get('1');
  // @ts-expect-error unknown sort field (not in `sortable`)
  reports.index({ sort: '-budget' });
  // @ts-expect-error unknown sort field in the list form
  reports.index({ sort: [{ field: 'ownerId', dir: 'asc' }] });
  // @ts-expect-error unknown scope name
  reports.index({ scopes: ['archived'] });
  // @ts-expect-error filter on a field that is not filterable
  reports.index({ filter: { name: 'x' } });
  // @ts-expect-error filter value outside the column's enum
  reports.index({ filter: { status: 'deleted' } });
  // @ts-expect-error extra data field of the wrong type
  reports.update(1, { name: 42 });
  // @ts-expect-error a field update does not permit
  reports.update(1, { budget: 5 });
  // @ts-expect-error bulk mutations take an array of ids
  hooks.mutateBulkArchive().mutate(1);
  // @ts-expect-error load: true POST takes { id, ...input }, not the id alone
  reports.mutateAssign(1);
  // @ts-expect-error the input of a load action is checked too
  reports.mutateAssign({ id: 1, ownerId: 'bob' });
  // @ts-expect-error outputs are serialised: dates arrive as strings
  reports.mutateRecalculate().then((result): Date => result.at);
  const person = PersonController.with().get(1);
  // @ts-expect-error hidden attributes are not in the output
  person.then((found) => found.name);
  // @ts-expect-error singletons have no index
  OrgSettingsController.with({ orgId: 1 }).index();
}

it('keeps the type-only functions referenced (tsc checks their bodies)', () => {
  expect([useHookTypes, misuses].every((fn) => typeof fn === 'function')).toBe(true);
});
