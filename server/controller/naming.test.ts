import { describe, expect, it } from 'vitest';
import {
  clientName,
  inferResourcePath,
  methodSegment,
  normalizeExplicitPath,
  procedurePath,
  scopeSegment,
} from './naming';

describe('inferResourcePath', () => {
  it.each([
    ['PostController', '/posts'],
    ['TeamSettingsController', '/team-settings'],
    ['CampaignController', '/campaigns'],
    ['APIKeyController', '/api-keys'],
    ['UploadController', '/uploads'],
    ['PersonController', '/people'],
    ['HTTPRequestLogController', '/http-request-logs'],
    ['NewsController', '/news'],
    ['StatusController', '/statuses'],
    ['TeamMemberController', '/team-members'],
    ['Post', '/posts'],
  ])('%s -> %s', (className, path) => {
    expect(inferResourcePath(className)).toBe(path);
  });

  it.each(['', 'Controller', 'my-thing', 'Bad Name'])('throws on %j', (className) => {
    expect(() => inferResourcePath(className)).toThrow(/@controller/);
  });
});

describe('scopeSegment', () => {
  it.each([
    ['teamId', '/teams/:teamId'],
    ['campaignId', '/campaigns/:campaignId'],
    ['organizationUnitId', '/organization-units/:organizationUnitId'],
    ['personId', '/people/:personId'],
  ])('%s -> %s', (field, segment) => {
    expect(scopeSegment(field)).toBe(segment);
  });

  it.each(['team', 'team_id', 'Id', 'teamID', '', 'team-Id'])('rejects %j with the rule', (field) => {
    expect(() => scopeSegment(field)).toThrow(/ending in "Id"/);
  });
});

describe('methodSegment', () => {
  it.each([
    ['bulkArchive', 'bulk-archive'],
    ['storageUsage', 'storage-usage'],
    ['publish', 'publish'],
    ['exportCSVFile', 'export-csv-file'],
  ])('%s -> %s', (name, segment) => {
    expect(methodSegment(name)).toBe(segment);
  });

  it('throws on a non-identifier', () => {
    expect(() => methodSegment('')).toThrow(/identifier/);
    expect(() => methodSegment('a/b')).toThrow(/identifier/);
  });
});

describe('normalizeExplicitPath', () => {
  it.each([
    ['/uploads', '/presign', 'presign'],
    ['/uploads', 'presign', 'presign'],
    ['/uploads', '/uploads/presign', 'presign'],
    ['/uploads', '/presign/', 'presign'],
    ['/uploads', '/files/presign', 'files/presign'],
    ['/teams/:teamId/uploads', '/presign', 'presign'],
    ['/teams/:teamId/uploads', '/uploads/presign', 'presign'],
    ['/teams/:teamId/uploads', '/teams/:teamId/uploads/presign', 'presign'],
    ['/teams/:teamId/uploads', 'uploads/batch/presign', 'batch/presign'],
  ])('resource %s, explicit %s -> %s', (resource, explicit, expected) => {
    expect(normalizeExplicitPath(resource, explicit)).toBe(expected);
  });

  it.each([
    ['/uploads', ''],
    ['/uploads', '/'],
    ['/uploads', '/uploads'],
    ['/teams/:teamId/uploads', '/teams/:teamId/uploads'],
  ])('resource %s rejects empty or self path %j', (resource, explicit) => {
    expect(() => normalizeExplicitPath(resource, explicit)).toThrow(/empty|controller path itself/);
  });

  it.each([
    ['/uploads', '/:id/presign'],
    ['/uploads', '/presign/:kind'],
    ['/teams/:teamId/uploads', '/teams/:id/uploads/presign'],
  ])('resource %s rejects params in %s', (resource, explicit) => {
    expect(() => normalizeExplicitPath(resource, explicit)).toThrow(/params are not allowed/);
  });

  it.each(['/a//b', '/presign?x=1', '/pre sign', '/../secret', '/a/./b'])('rejects odd path %j', (explicit) => {
    expect(() => normalizeExplicitPath('/uploads', explicit)).toThrow(/Explicit action path/);
  });
});

describe('clientName', () => {
  it.each([
    ['stats', 'indexStats'],
    ['score', 'indexScore'],
    ['indexKeypoints', 'indexKeypoints'],
    ['getSummary', 'getSummary'],
    ['index', 'index'],
    ['get', 'get'],
    ['indexer', 'indexIndexer'],
    ['getter', 'indexGetter'],
    ['storageUsage', 'indexStorageUsage'],
  ])('query %s -> %s', (name, expected) => {
    expect(clientName(name, 'query')).toBe(expected);
  });

  it.each([
    ['publish', 'mutatePublish'],
    ['bulkArchive', 'mutateBulkArchive'],
    ['recalculate', 'mutateRecalculate'],
    ['presign', 'mutatePresign'],
    ['getSummary', 'mutateGetSummary'],
  ])('mutation %s -> %s', (name, expected) => {
    expect(clientName(name, 'mutation')).toBe(expected);
  });

  it('throws on a non-identifier', () => {
    expect(() => clientName('', 'query')).toThrow(/identifier/);
  });
});

describe('procedurePath', () => {
  it.each([
    ['/teams/:teamId/campaigns', ['teams', 'campaigns']],
    ['/teams/:teamId/campaigns/:campaignId/posts', ['teams', 'campaigns', 'posts']],
    ['/team-settings', ['teamSettings']],
    ['/teams/:teamId/api-keys', ['teams', 'apiKeys']],
    ['/posts', ['posts']],
  ])('%s -> %j', (path, keys) => {
    expect(procedurePath(path)).toEqual(keys);
  });
});
