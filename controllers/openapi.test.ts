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
    broken.paths['/teams/{teamId}/campaigns/{id}'].get.parameters = [];
    broken.paths['/teams/{teamId}/campaigns'].get.parameters[1].schema = { type: 'integr' };
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
    expect(op('/teams/{teamId}/campaigns/{id}/publish', 'post').operationId).toBe('CampaignController.mutatePublish');
    expect(op('/teams/{teamId}/campaigns/stats', 'get').operationId).toBe('CampaignController.indexStats');
  });

  it('describes path params as integers and the index query from the index options', () => {
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

  it('builds create/update bodies from the permit lists and the column types', () => {
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

  it('describes responses from serialised attributes: hidden left out, includes and slots nested', () => {
    expect(doc.components.schemas.ApiKey.properties).not.toHaveProperty('hash');
    const get = op('/teams/{teamId}/campaigns/{id}', 'get').responses['200'].content['application/json'].schema;
    const nested = get.allOf[1].properties;
    expect(Object.keys(nested)).toEqual(['creator', 'documents', 'logo', 'video']);
    expect(nested.creator).toMatchObject({ type: ['object', 'null'], required: ['id', 'name'] }); // no email
    expect(nested.documents).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Asset' } });
    expect(doc.components.schemas.Asset.properties).toHaveProperty('url');
    expect(doc.components.schemas.Asset.properties).not.toHaveProperty('key');
    expect(op('/teams/{teamId}/campaigns', 'post').responses['201']).toBeDefined();
  });

  it('lists the error statuses each route can answer, and the security schemes', () => {
    const statuses = (path: string, method: string) => Object.keys(op(path, method).responses).filter((s) => s >= '4');
    expect(statuses('/teams/{teamId}/campaigns', 'get')).toEqual(['400', '401', '403', '404', '429']);
    expect(statuses('/teams/{teamId}/campaigns', 'post')).toEqual([
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
    expect(doc.tags.map((t: Json) => t.name)).toEqual([
      'API keys',
      'Campaigns',
      'Invitations',
      'Members',
      'Posts',
      'Team settings',
      'Teams',
      'Uploads',
    ]);
  });
});
