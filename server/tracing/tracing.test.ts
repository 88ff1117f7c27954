/**
 * Tracing on real PostgreSQL through the real handler: the SDK registered by
 * startTracing with an in-memory exporter sees a span per dispatch and, under
 * it, a span per SQL statement, on the pool and inside transactions.
 */
import { type HrTime, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countQueries, db, transaction } from '@/server';
import { call, createFixtureTables } from '@/server/testing/controllerFixtures';
import { closeTestDatabase } from '../testing/testDatabase';
import { startTracing } from './startTracing';
import { withSpan } from './withSpan';

const ALICE = '1:1=owner';
const exporter = new InMemorySpanExporter();
let stopTracing: () => Promise<void>;

beforeAll(async () => {
  ({ shutdown: stopTracing } = await startTracing({ exporter, serviceName: 'tracing-test' }));
  await createFixtureTables();
  await db().execute(sql`insert into projects (org_id, name, status) values (1, 'Traced', 'draft')`);
});
afterAll(async () => {
  await stopTracing();
  await closeTestDatabase();
});
beforeEach(() => exporter.reset());

const finished = () => exporter.getFinishedSpans();
/** An [seconds, nanoseconds] time as one exact number: comparing the arrays themselves compares their text. */
const nanoseconds = ([seconds, nanos]: HrTime) => BigInt(seconds) * 1_000_000_000n + BigInt(nanos);
const childrenOf = (parent: ReadableSpan) =>
  finished().filter((span) => span.parentSpanContext?.spanId === parent.spanContext().spanId);
function spanNamed(name: string): ReadableSpan {
  const span = finished().find((candidate) => candidate.name === name);
  if (!span) throw new Error(`no span ${name} in ${finished().map((candidate) => candidate.name)}`);
  return span;
}

describe('a request', () => {
  it('makes a dispatch span with one SQL child span per statement', async () => {
    const { result, count } = await countQueries(() => call('GET', '/orgs/1/projects', { user: ALICE }));
    expect(result.status).toBe(200);
    const dispatch = spanNamed('ProjectController.index');
    expect(dispatch.attributes).toMatchObject({ 'app.controller': 'ProjectController', 'app.action': 'index' });
    expect(dispatch.status.code).toBe(SpanStatusCode.UNSET);

    const statements = childrenOf(dispatch);
    expect(count).toBeGreaterThan(0);
    expect(statements).toHaveLength(count);
    for (const span of statements) {
      expect(span.kind).toBe(SpanKind.CLIENT);
      expect(span.attributes['db.system.name']).toBe('postgresql');
      // Inside the request's span in time, too.
      expect(nanoseconds(span.startTime) >= nanoseconds(dispatch.startTime)).toBe(true);
    }
    expect(statements.map((span) => span.name)).toContain('SELECT');
    expect(String(statements[0]?.attributes['db.query.text'])).toMatch(/from "projects"/);
  });

  it('keeps parameter values out of the spans', async () => {
    expect((await call('GET', '/orgs/1/projects?search=secret-value', { user: ALICE })).status).toBe(200);
    const statements = finished().map((span) => String(span.attributes['db.query.text'] ?? ''));
    expect(statements.some((text) => /ilike \$\d/.test(text))).toBe(true);
    expect(finished().some((span) => JSON.stringify(span.attributes).includes('secret-value'))).toBe(false);
  });

  it('marks a refusal with its code without failing the span', async () => {
    expect((await call('GET', '/orgs/1/projects/999999', { user: ALICE })).status).toBe(404);
    const dispatch = spanNamed('ProjectController.get');
    expect(dispatch.attributes['error.type']).toBe('NOT_FOUND');
    expect(dispatch.status.code).toBe(SpanStatusCode.UNSET);
  });
});

describe('SQL spans', () => {
  it('are made for the statements of a transaction and its savepoints', async () => {
    await withSpan('job', {}, () =>
      transaction(async () => {
        await db().execute(sql`select 1 as outer_statement`);
        await transaction(() => db().execute(sql`select 2 as savepoint_statement`));
      }),
    );
    const texts = childrenOf(spanNamed('job')).map((span) => String(span.attributes['db.query.text']));
    expect(texts).toEqual(['select 1 as outer_statement', 'select 2 as savepoint_statement']);
  });

  it('record a failed statement as an error', async () => {
    await expect(withSpan('job', {}, () => db().execute(sql`select * from no_such_table`))).rejects.toThrow();
    const [statement] = childrenOf(spanNamed('job'));
    expect(statement?.status.code).toBe(SpanStatusCode.ERROR);
    expect(spanNamed('job').status.code).toBe(SpanStatusCode.ERROR);
    expect(spanNamed('job').attributes['error.type']).toBe('42P01');
  });

  it('are not made outside a span (a script, a migration)', async () => {
    await db().execute(sql`select 1`);
    expect(finished()).toHaveLength(0);
  });
});
