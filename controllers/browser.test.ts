/**
 * controllers/browser.ts exports a typed client for every generated
 * controller, and docs/typed-client.md's usage compiles (checked by tsc).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as client from './browser';
import { type ClientApis, manifest } from './client.gen';

describe('controllers/browser', () => {
  it('exports .use and .with for every controller of the manifest', () => {
    const exported = Object.entries(client).filter(([name]) => name.endsWith('Controller'));
    expect(exported.map(([name]) => name).sort()).toEqual(Object.keys(manifest).sort());
    for (const [, value] of exported) {
      expect(value).toMatchObject({ use: expect.any(Function), with: expect.any(Function) });
    }
  });

  it('controllers/serverComponents.ts exports the same controller names (type-level: it is server-only)', () => {
    expectTypeOf<Exclude<keyof ClientApis, keyof typeof import('./serverComponents')>>().toEqualTypeOf<never>();
    expectTypeOf<Exclude<keyof ClientApis, keyof typeof client>>().toEqualTypeOf<never>();
  });

  it('gives .with() the spec names: CRUD, custom actions and the scope params', () => {
    const members = client.MemberController.with({ teamId: 1 });
    expect(Object.keys(members)).toEqual(expect.arrayContaining(['index', 'get', 'update', 'destroy', 'mutateLeave']));
    expectTypeOf(members.mutateLeave).parameters.toEqualTypeOf<[]>();
    expectTypeOf(members.update).parameter(0).toEqualTypeOf<number>();
    expectTypeOf(members.update).returns.resolves.toEqualTypeOf<client.MemberControllerRecord>();
    const uploads = client.UploadController.with({ teamId: 1 });
    expect(Object.keys(uploads)).toEqual(expect.arrayContaining(['indexStorageUsage', 'mutatePresign']));
    expectTypeOf(uploads.indexStorageUsage).returns.resolves.toEqualTypeOf<{
      assetCount: number;
      totalBytes: number;
    }>();
    expectTypeOf(client.InvitationController.with).parameter(0).toEqualTypeOf<{ teamId: number }>();
  });

  // demo:begin
  it('gives .with() the spec names of the demo controllers', () => {
    const campaigns = client.CampaignController.with({ teamId: 1 });
    expect(Object.keys(campaigns)).toEqual(
      expect.arrayContaining(['index', 'indexStats', 'mutatePublish', 'mutateBulkArchive']),
    );
    expectTypeOf(campaigns.mutatePublish).parameters.toEqualTypeOf<[id: number]>();
    expectTypeOf(campaigns.mutatePublish).returns.resolves.toEqualTypeOf<client.CampaignControllerRecord>();
    expectTypeOf(client.PostController.with).parameter(0).toEqualTypeOf<{ teamId: number; campaignId: number }>();
  });
  // demo:end
});

/** A page's use of the hooks (never run: hooks need a React tree; tsc checks the body). */
function useMembersPage(teamId: number, id: number): void {
  const members = client.MemberController.use({ teamId });
  const { data } = members.index({ page: 2, sort: '-createdAt', filter: { role: 'owner' } });
  expectTypeOf(data?.data[0]?.role).toEqualTypeOf<'owner' | 'member' | undefined>();
  const update = members.update();
  update.mutate({ id, data: { role: 'member' } });
  expectTypeOf(update.error?.fields).toEqualTypeOf<Record<string, string[]> | undefined>();
}

it('keeps the hooks example referenced (tsc checks its body)', () => {
  expect(typeof useMembersPage).toBe('function');
});

// demo:begin
/** docs/typed-client.md's page example (never run: hooks need a React tree). */
function useReadmeExample(teamId: number, id: number): void {
  const campaigns = client.CampaignController.use({ teamId });
  const { data } = campaigns.index({ page: 2, sort: '-createdAt' });
  expectTypeOf(data?.data[0]?.name).toEqualTypeOf<string | undefined>();
  const publish = campaigns.mutatePublish();
  publish.mutate(id);
  expectTypeOf(publish.error?.fields).toEqualTypeOf<Record<string, string[]> | undefined>();
}

it('keeps the docs/typed-client.md example referenced (tsc checks its body)', () => {
  expect(typeof useReadmeExample).toBe('function');
});
// demo:end
