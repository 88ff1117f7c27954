/**
 * generateOpenApi() on the framework's own fixtures (no demo, no database):
 * what each declaration becomes, the write rules applied to bodies, the
 * statuses with and without authentication, `@apiDoc` checked at boot, and
 * GET action input as query parameters.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ActiveController, action, apiDoc, buildRouter, compileController, controller } from '..';
import { testRouters } from '../testing/controllerFixtures';
import { generateOpenApi } from './generateOpenApi';

// biome-ignore lint/suspicious/noExplicitAny: the test reads arbitrary JSON paths.
type Json = Record<string, any>;
const info = { title: 'Fixtures', version: '0.0.0' };
const doc = generateOpenApi({ routers: testRouters, info }) as Json;
const op = (path: string, method: string): Json => doc.paths[path]?.[method];
const body = (o: Json) => o.requestBody.content['application/json'].schema;
const answer = (o: Json, status = '200') => o.responses[status].content['application/json'].schema;

describe('generateOpenApi', () => {
  it('passes Redocly with no problem and is the same on every run', async () => {
    const config = await createConfig({
      extends: ['recommended'],
      rules: { 'info-license': 'off', 'tag-description': 'off' },
    });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'x.json', config });
    expect(problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(JSON.stringify(generateOpenApi({ routers: testRouters, info }))).toBe(JSON.stringify(doc));
  });

  it('applies the write rules to create bodies: no scope field, id, timestamp or autoSet attribute', () => {
    const data = body(op('/orgs/{orgId}/projects', 'post')).properties.data;
    expect(Object.keys(data.properties)).toEqual(['budget', 'name', 'status']);
    expect(data.properties.status).toEqual({ type: 'string', enum: ['draft', 'active', 'archived'] });
    expect(data.required).toEqual(['name']);
  });

  it('describes singletons: GET may answer null, PATCH drops the scope field', () => {
    expect(answer(op('/orgs/{orgId}/org-settings', 'get'))).toEqual({
      anyOf: [{ $ref: '#/components/schemas/OrgSetting' }, { type: 'null' }],
    });
    expect(Object.keys(body(op('/orgs/{orgId}/org-settings', 'patch')).properties.data.properties)).toEqual([
      'digest',
      'timezone',
    ]);
  });

  it('documents undeclared outputs as any JSON value, and says so', () => {
    const stats = op('/orgs/{orgId}/projects/stats', 'get');
    expect(answer(stats)).toEqual({});
    expect(stats.responses['200'].description).toMatch(/declares no `output`/);
    expect(op('/api-keys/ping', 'get').operationId).toBe('APIKeyController.indexPing');
  });

  it('without security schemes: no 401/403 and no security requirement', () => {
    expect(doc.security).toEqual([]);
    expect(Object.keys(op('/orgs/{orgId}/projects/{id}/publish', 'post').responses)).toEqual([
      '200',
      '400',
      '404',
      '413',
      '415',
      '422',
    ]);
    const secured = generateOpenApi({
      routers: testRouters,
      info,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    }) as Json;
    expect(secured.security).toEqual([{ bearer: [] }]);
    expect(secured.paths['/orgs/{orgId}/projects'].get.responses).toHaveProperty('401');
    expect(secured.paths['/orgs/{orgId}/projects'].get.security).toBeUndefined();
    // `@allowAnonymous`: the credentials are optional there.
    expect(secured.paths['/api-keys/ping'].get.security).toEqual([{}, { bearer: [] }]);
  });

  it('turns a GET action zod input into query parameters, and uses declared docs', () => {
    @controller('/reports')
    @apiDoc({ tag: 'Reports', description: 'Numbers.' })
    class ReportController extends ActiveController {
      @action('GET', undefined, {
        input: z.object({ from: z.string(), limit: z.number().int().optional() }),
        output: z.object({ rows: z.array(z.string()) }),
        summary: 'A report',
      })
      summary(_input: { from: string }): { rows: string[] } {
        return { rows: [] };
      }
    }
    const reports = generateOpenApi({ routers: buildRouter(ReportController), info }) as Json;
    const get = reports.paths['/reports/summary'].get;
    expect(get.parameters).toEqual([
      { name: 'from', in: 'query', required: true, schema: { type: 'string' } },
      { name: 'limit', in: 'query', required: false, schema: expect.objectContaining({ type: 'integer' }) },
    ]);
    expect(get.summary).toBe('A report');
    expect(answer(get)).toMatchObject({ type: 'object', properties: { rows: { type: 'array' } } });
    expect(reports.tags).toEqual([{ name: 'Reports', description: 'Numbers.' }]);
  });

  it('@apiDoc naming no action fails at boot', () => {
    @controller('/typos')
    @apiDoc({ actions: { indx: { summary: 'List' } } })
    class TypoController extends ActiveController {
      @action('GET')
      list(): number {
        return 1;
      }
    }
    expect(() => compileController(TypoController)).toThrow(/TypoController: @apiDoc documents "indx"/);
  });
});
