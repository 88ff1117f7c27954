/**
 * The app's OpenAPI document: valid OpenAPI 3.1 for a maintained validator
 * (@apidevtools/swagger-parser), deterministic, one operation per route the
 * router serves, and the details clients rely on (param types, index query,
 * bodies from permit lists and columns, hidden attributes left out).
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { api, openApiDocument } from './index';
import { createOpenApiDocument } from './openapi';

// biome-ignore lint/suspicious/noExplicitAny: the test reads arbitrary JSON paths.
type Json = Record<string, any>;

const doc = openApiDocument() as Json;

/** Redocly's recommended rules (structure, path params, unique ids...); the template sets no license of its own. */
async function lint(document: unknown): Promise<string[]> {
  const config = await createConfig({ extends: ['recommended'], rules: { 'info-license': 'off' } });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
  return problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
}
const op = (path: string, method: string): Json => doc.paths[path]?.[method];

describe('GET /api/openapi.json document', () => {
  it('is valid OpenAPI 3.1 for swagger-parser and for Redocly with no problem', async () => {
    expect(doc.openapi).toBe('3.1.0');
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(await lint(doc)).toEqual([]);
  });

  it('the linter does catch a broken copy (so the check above means something)', async () => {
    const broken = structuredClone(doc);
    broken.paths['/teams/{teamId}/members/{id}'].get.parameters = [];
    broken.paths['/teams/{teamId}/members'].get.parameters[1].schema = { type: 'integr' };
    const problems = await lint(broken);
    expect(problems.some((p) => p.startsWith('path-parameters-defined'))).toBe(true);
    expect(problems.some((p) => p.startsWith('struct'))).toBe(true);
  });

  it('is deterministic: the same bytes from a fresh build', () => {
    expect(JSON.stringify(createOpenApiDocument(api))).toBe(JSON.stringify(doc));
  });

  it('has one operation per REST route, with unique operationIds from the client names', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods as Json).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const served = api.routes.map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(documented.sort()).toEqual(served.sort());
    const ids = Object.values(doc.paths).flatMap((methods) => Object.values(methods as Json).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(op('/teams/{teamId}/members/leave', 'post').operationId).toBe('MemberController.mutateLeave');
    expect(op('/teams/{teamId}/uploads/storage-usage', 'get').operationId).toBe('UploadController.indexStorageUsage');
    expect(op('/teams/{teamId}/members/{id}', 'patch').operationId).toBe('MemberController.update');
    // demo:begin
    expect(op('/teams/{teamId}/campaigns/{id}/publish', 'post').operationId).toBe('CampaignController.mutatePublish');
    expect(op('/teams/{teamId}/campaigns/stats', 'get').operationId).toBe('CampaignController.indexStats');
    // demo:end
  });

  it('describes path params as integers and the index query from the index options', () => {
    const index = op('/teams/{teamId}/members', 'get');
    const param = (name: string) => index.parameters.find((p: Json) => p.name === name);
    expect(param('teamId')).toMatchObject({ in: 'path', required: true, schema: { type: 'integer', minimum: 1 } });
    expect(param('perPage').schema).toMatchObject({ minimum: 1, maximum: 100, default: 50 });
    expect(param('sort').schema.items.enum).toEqual(['createdAt', '-createdAt', 'role', '-role']);
    expect(param('filter[role]').schema.items.enum).toEqual(['owner', 'member']);
    const invitations = op('/teams/{teamId}/invitations', 'get').parameters;
    const scopes = invitations.find((p: Json) => p.name === 'scopes');
    expect(scopes.schema.items.enum).toEqual(['pending', 'accepted', 'expired']);
    expect(
      op('/teams/{teamId}/api-keys', 'get').parameters.find((p: Json) => p.name === 'perPage').schema,
    ).toMatchObject({
      default: 20,
    });
  });

  // demo:begin
  it('describes the demo index query: integer filters, scopes and search', () => {
    const index = op('/teams/{teamId}/campaigns', 'get');
    const param = (name: string) => index.parameters.find((p: Json) => p.name === name);
    expect(param('teamId')).toMatchObject({ in: 'path', required: true, schema: { type: 'integer', minimum: 1 } });
    expect(param('perPage').schema).toMatchObject({ minimum: 1, maximum: 100, default: 20 });
    expect(param('sort').schema.items.enum).toEqual(['name', '-name', 'budget', '-budget', 'createdAt', '-createdAt']);
    expect(param('filter[status]').schema.items.enum).toEqual(['draft', 'active', 'archived']);
    expect(param('filter[createdById]').schema.items.type).toBe('integer');
    expect(param('scopes').schema.items.enum).toEqual(['draft', 'active', 'archived', 'notArchived']);
    expect(param('search')).toMatchObject({ in: 'query', schema: { type: 'string' } });
  });
  // demo:end

  it('builds create/update bodies from the permit lists and the column types', () => {
    const create = op('/teams/{teamId}/invitations', 'post').requestBody.content['application/json'].schema;
    expect(create.required).toEqual(['data']);
    const data = create.properties.data;
    expect(Object.keys(data.properties)).toEqual(['email', 'role']); // teamId is a scope, the token hash never permitted
    expect(data.required).toEqual(['email']);
    expect(data.properties.email).toEqual({ type: 'string', maxLength: 255 });
    expect(data.properties.role).toEqual({ type: 'string', enum: ['owner', 'member'] });
    const update = op('/teams/{teamId}/invitations/{id}', 'patch').requestBody.content['application/json'].schema;
    expect(Object.keys(update.properties.data.properties)).toEqual(['role']);
    expect(update.properties.data.required).toBeUndefined();
  });

  // demo:begin
  it('builds the demo bodies: autoSet columns left out, nullable integers, the attach slots', () => {
    const create = op('/teams/{teamId}/campaigns', 'post').requestBody.content['application/json'].schema;
    const data = create.properties.data;
    expect(Object.keys(data.properties)).toEqual(['budget', 'name', 'status']); // createdById is autoSet, teamId a scope
    expect(data.required).toEqual(['name']);
    expect(data.properties.name).toEqual({ type: 'string', maxLength: 120 });
    expect(data.properties.budget).toMatchObject({ type: ['integer', 'null'], maximum: 2_147_483_647 });
    const update = op('/teams/{teamId}/campaigns/{id}', 'patch').requestBody.content['application/json'].schema;
    expect(update.properties.data.required).toBeUndefined();
    const attach = op('/teams/{teamId}/campaigns/{id}/attach', 'post').requestBody.content['application/json'].schema;
    expect(attach).toMatchObject({
      properties: { slot: { enum: ['logo', 'documents', 'video'] } },
      required: ['slot', 'assetId'],
    });
  });
  // demo:end

  it('describes responses from serialised attributes: hidden left out, includes nested', () => {
    expect(doc.components.schemas.ApiKey.properties).not.toHaveProperty('hash');
    expect(doc.components.schemas.Invitation.properties).not.toHaveProperty('tokenHash');
    const member = op('/teams/{teamId}/members/{id}', 'get').responses['200'].content['application/json'].schema;
    expect(member.allOf[0]).toEqual({ $ref: '#/components/schemas/Membership' });
    expect(member.allOf[1]).toMatchObject({ required: ['user'] });
    expect(member.allOf[1].properties.user).toMatchObject({
      type: ['object', 'null'],
      required: ['email', 'id', 'name'],
    });
    // An uploaded file is described by what the browser may see: its URL, never its storage key or metadata.
    const confirmed = op('/teams/{teamId}/uploads/confirm', 'post').responses['200'].content['application/json'].schema;
    const asset = confirmed.$ref ? doc.components.schemas[confirmed.$ref.split('/').at(-1)] : confirmed;
    expect(asset.properties).toHaveProperty('url');
    for (const hidden of ['key', 'stagingKey', 'metadata', 'multipart'])
      expect(asset.properties).not.toHaveProperty(hidden);
    expect(op('/teams/{teamId}/invitations', 'post').responses['201']).toBeDefined();
  });

  // demo:begin
  it('nests the demo includes and slots: a creator without email, the files as assets', () => {
    const get = op('/teams/{teamId}/campaigns/{id}', 'get').responses['200'].content['application/json'].schema;
    const nested = get.allOf[1].properties;
    expect(Object.keys(nested)).toEqual(['creator', 'documents', 'logo', 'video']);
    expect(nested.creator).toMatchObject({ type: ['object', 'null'], required: ['id', 'name'] }); // no email
    expect(nested.documents).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Asset' } });
    expect(doc.components.schemas.Asset.properties).toHaveProperty('url');
    expect(doc.components.schemas.Asset.properties).not.toHaveProperty('key');
    expect(op('/teams/{teamId}/campaigns', 'post').responses['201']).toBeDefined();
  });
  // demo:end

  it('lists the error statuses each route can answer, and the security schemes', () => {
    const statuses = (path: string, method: string) => Object.keys(op(path, method).responses).filter((s) => s >= '4');
    expect(statuses('/teams/{teamId}/members', 'get')).toEqual(['400', '401', '403', '404', '429']);
    expect(statuses('/teams/{teamId}/invitations', 'post')).toEqual([
      '400',
      '401',
      '403',
      '404',
      '413',
      '415',
      '422',
      '429',
    ]);
    expect(statuses('/teams/{teamId}/uploads/presign', 'post')).toContain('503');
    expect(doc.components.securitySchemes).toEqual({
      apiKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      session: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'app_session' }),
    });
    // The template's tags; a controller you add brings its own, so the list is checked as a part.
    const tags: string[] = doc.tags.map((t: Json) => t.name);
    expect(tags).toEqual(
      expect.arrayContaining([
        'API keys',
        // demo:begin
        'Campaigns',
        'Posts',
        'Team settings',
        // demo:end
        'Invitations',
        'Members',
        'Teams',
        'Uploads',
      ]),
    );
    // Sorted, each once, and each the tag of some operation (none left over, none missing).
    expect(tags).toEqual([...new Set(tags)].sort());
    const used = Object.values(doc.paths).flatMap((methods) => Object.values(methods as Json).flatMap((o) => o.tags));
    expect(new Set(used)).toEqual(new Set(tags));
  });
});
