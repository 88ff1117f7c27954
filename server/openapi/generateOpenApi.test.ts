/**
 * generateOpenApi() on the framework's own fixtures (no demo, no database):
 * what each declaration becomes, the write rules applied to bodies, the
 * statuses with and without authentication, `@apiDoc` checked at boot,
 * GET action input as query parameters, and computed fields in record schemas.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ActiveController,
  action,
  apiDoc,
  belongsTo,
  buildRouter,
  compileController,
  controller,
  crud,
  Model,
} from '..';
import { people, projects, testRouters } from '../testing/controllerFixtures';
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

  it("adds a model's computed fields to its record schema, from their zod schemas", () => {
    class Member extends Model(people, {
      name: 'Member',
      computed: {
        initial: z.string().max(1),
        karma: z.number().int().nullable(),
        motto: z.string().optional(),
        joinedAt: z.date(), // on the wire as the serialiser writes it
      },
    }) {
      override get initial(): string {
        return this.name.charAt(0);
      }
      override get karma(): number | null {
        return null;
      }
      override get motto(): string | undefined {
        return undefined;
      }
      override get joinedAt(): Date {
        return new Date(0);
      }
    }
    class Task extends Model(projects, { name: 'Task' }) {
      static associations = {
        lead: belongsTo(() => Member, { foreignKey: 'ownerId' }),
        helper: belongsTo(() => Member, { foreignKey: 'ownerId', columns: ['name'] }),
      };
    }
    @controller('/tasks')
    @crud(Task, { index: { include: ['lead', 'helper'] } })
    class TaskController extends ActiveController<unknown, Task> {}
    const tasks = generateOpenApi({ routers: buildRouter(TaskController), info }) as Json;
    const member = tasks.components.schemas.Member;
    expect(member.properties).toEqual({
      id: expect.objectContaining({ type: 'integer' }),
      name: { type: 'string', maxLength: 100 },
      initial: { type: 'string', maxLength: 1 },
      karma: { anyOf: [expect.objectContaining({ type: 'integer' }), { type: 'null' }] },
      motto: { type: 'string' },
      joinedAt: { type: 'string', format: 'date-time' },
    });
    expect(member.required).toEqual(['id', 'initial', 'joinedAt', 'karma', 'name']); // `motto` may be absent
    // The full record nested by reference; one limited to `columns` carries neither other columns nor computed fields.
    const nested = answer(tasks.paths['/tasks'].get).properties.data.items.allOf[1].properties;
    expect(nested.lead).toEqual({ anyOf: [{ $ref: '#/components/schemas/Member' }, { type: 'null' }] });
    expect(nested.helper).toMatchObject({ type: ['object', 'null'], required: ['id', 'name'] });
    expect(Object.keys(nested.helper.properties)).toEqual(['id', 'name']);
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
