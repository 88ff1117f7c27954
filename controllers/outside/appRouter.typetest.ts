/**
 * Type test (checked by `tsc -p controllers/outside/tsconfig.json`, see
 * outsideClients.test.ts, and by the project's typecheck): `AppRouter` used
 * the way another TypeScript project would, a script or a React Native app
 * with `@trpc/client`. Every procedure's input and output are inferred; each
 * `@ts-expect-error` is a misuse the compiler must refuse (and the file fails
 * to compile if one of them stops being an error).
 */
import { createTRPCClient, httpBatchLink, type TRPCClientError } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../client.gen';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function assertType<T extends true>(_: T): void {}

const trpc = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: 'http://localhost:3000/api/trpc', headers: { authorization: 'Bearer ak_...' } })],
});

export async function outsideScript(): Promise<void> {
  const page = await trpc.teams.members.index.query({ teamId: 1, sort: '-createdAt', filter: { role: 'owner' } });
  assertType<Equal<typeof page.pagination.totalCount, number>>(true);
  const first = page.data[0];
  if (first) {
    assertType<Equal<typeof first.role, 'owner' | 'member'>>(true);
    assertType<Equal<typeof first.userId, number>>(true);
  }
  const promoted = await trpc.teams.members.update.mutate({ teamId: 1, id: 2, data: { role: 'owner' } });
  assertType<Equal<typeof promoted.role, 'owner' | 'member'>>(true);
  await trpc.teams.members.leave.mutate({ teamId: 1 });
  const invitation = await trpc.teams.invitations.create.mutate({ teamId: 1, data: { email: 'dana@example.com' } });
  assertType<Equal<typeof invitation.link, string>>(true);
  const usage = await trpc.teams.uploads.storageUsage.query({ teamId: 1 });
  assertType<Equal<typeof usage.totalBytes, number>>(true);
  const key = await trpc.teams.apiKeys.create.mutate({ teamId: 1, data: { name: 'CI' } });
  // @ts-expect-error the stored hash is never serialised, so it is not in the type either
  key.hash;

  // @ts-expect-error scope params are required
  await trpc.teams.members.index.query({});
  // @ts-expect-error `role` is 'owner' or 'member'
  await trpc.teams.members.update.mutate({ teamId: 1, id: 2, data: { role: 'admin' } });
  // @ts-expect-error sort only takes the sortable fields
  await trpc.teams.members.index.query({ teamId: 1, sort: 'userId' });
  // @ts-expect-error leave is a mutation, not a query
  await trpc.teams.members.leave.query({ teamId: 1 });
  // @ts-expect-error no such procedure
  await trpc.teams.members.promote.mutate({ teamId: 1, id: 1 });
  // @ts-expect-error a record mutation needs its id
  await trpc.teams.members.update.mutate({ teamId: 1, data: { role: 'owner' } });

  // demo:begin
  const campaigns = await trpc.teams.campaigns.index.query({
    teamId: 1,
    sort: '-createdAt',
    filter: { status: 'draft' },
  });
  const campaign = campaigns.data[0];
  if (campaign) {
    assertType<Equal<typeof campaign.name, string>>(true);
    assertType<Equal<typeof campaign.budget, number | null>>(true);
    assertType<Equal<typeof campaign.status, 'draft' | 'active' | 'archived'>>(true);
  }
  const created = await trpc.teams.campaigns.create.mutate({ teamId: 1, data: { name: 'Spring', budget: 500 } });
  const published = await trpc.teams.campaigns.publish.mutate({ teamId: 1, id: created.id });
  assertType<Equal<typeof published.publishedAt, string | null>>(true);
  const stats = await trpc.teams.campaigns.stats.query({ teamId: 1 });
  assertType<Equal<typeof stats.byStatus.draft, number>>(true);
  const { archived } = await trpc.teams.campaigns.bulkArchive.mutate({ teamId: 1, ids: [created.id] });
  assertType<Equal<typeof archived, number>>(true);
  await trpc.teams.campaigns.duplicate.mutate({ teamId: 1, id: created.id, name: 'Copy' });
  await trpc.teams.campaigns.posts.create.mutate({ teamId: 1, campaignId: created.id, data: { title: 'Hi' } });
  const settings = await trpc.teams.teamSettings.get.query({ teamId: 1 });
  assertType<null extends typeof settings ? true : false>(true); // a singleton may not exist yet
  if (settings) assertType<Equal<typeof settings.weeklyDigest, boolean>>(true);

  // @ts-expect-error `name` is a string
  await trpc.teams.campaigns.create.mutate({ teamId: 1, data: { name: 42 } });
  // @ts-expect-error sort only takes the sortable fields
  await trpc.teams.campaigns.index.query({ teamId: 1, sort: 'status' });
  // @ts-expect-error publish is a mutation, not a query
  await trpc.teams.campaigns.publish.query({ teamId: 1, id: 1 });
  // @ts-expect-error a record mutation needs its id
  await trpc.teams.campaigns.publish.mutate({ teamId: 1 });
  // @ts-expect-error attach takes 'logo', 'documents' or 'video'
  await trpc.teams.campaigns.attach.mutate({ teamId: 1, id: 1, slot: 'avatar', assetId: 1 });
  // demo:end
}

/** The router's types, as `inferRouterInputs` / `inferRouterOutputs` give them to other tools. */
type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;
assertType<Equal<Inputs['teams']['members']['leave'], { teamId: number }>>(true);
assertType<Equal<Outputs['teams']['uploads']['storageUsage']['assetCount'], number>>(true);
// demo:begin
assertType<Equal<Inputs['teams']['campaigns']['publish'], { teamId: number } & { id: number }>>(true);
assertType<Equal<Outputs['teams']['campaigns']['score']['score'], number>>(true);
// demo:end

/** Errors carry the app's error data (docs/controllers.md "Errors"). */
export function fieldErrors(error: TRPCClientError<AppRouter>): string[] | undefined {
  return error.data?.fields?.name;
}
