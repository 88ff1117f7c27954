// demo:file (npm run demo:remove deletes this file)
/**
 * Scenario 3: SQL statements per request, for every demo route, through the
 * app's real handler with a real session cookie. The statements of the
 * context builder (session -> user + memberships) and of the scope guard
 * (nested scope checks) are counted on their own, by calling them once more
 * with the same input; the action's share is the rest.
 *
 * Counts come from the model layer's `countQueries` (drizzle's logger):
 * BEGIN/COMMIT of a transaction are not statements drizzle logs, so they are
 * not counted.
 */

import { authorizeScope, createContext } from '@/backend/context';
import { api } from '@/controllers';
import type { RouteRecord } from '@/server';
import { countQueries } from '@/server';
import type { ScenarioResult } from '../results';
import { atMost, type Verdict, worst } from '../stats';
import { formatTable } from '../table';
import { countWireQueries } from '../wireCounter';
import { type ApiCall, apiRequest, callApi } from './inProcessApi';
import { type FixtureState, PAGE_SIZE_CHECKS, STATEMENT_STEPS, type StatementStep } from './statementFixtures';

interface Measured {
  route: string;
  label: string;
  status: number;
  total: number;
  /** Queries postgres.js sent (BEGIN, COMMIT, SAVEPOINT included). */
  wire: number;
  context: number;
  guard: number;
  action: number;
  target: number | null;
  verdict: Verdict;
  why?: string;
  statements: string[];
}

const HEADLINE_ROUTES = new Set([
  'GET /teams/:teamId/campaigns',
  'GET /teams/:teamId/campaigns/:id',
  'POST /teams/:teamId/campaigns',
  'PATCH /teams/:teamId/campaigns/:id',
  'POST /teams/:teamId/campaigns/bulk-archive',
]);

const routeKey = (route: RouteRecord) => `${route.method} ${route.path}`;

/** Scope params of `path` when it matches `route` (`:teamId` -> 1 ...), else null. */
function matchScope(route: RouteRecord, path: string): Record<string, number> | null {
  const names: string[] = [];
  const pattern = route.path.replace(/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return '(\\d+)';
  });
  const match = new RegExp(`^${pattern}$`).exec(path.split('?')[0] as string);
  if (!match) return null;
  const scope: Record<string, number> = {};
  names.forEach((name, i) => {
    if (route.controller.scopes.includes(name)) scope[name] = Number(match[i + 1]);
  });
  return scope;
}

function targetOf(step: StatementStep, route: RouteRecord): number | null {
  const { target } = step;
  if (target === null || typeof target === 'number') return target;
  const config = route.controller.resource?.kind === 'crud' ? route.controller.resource.config : {};
  // Index: 2 + 1 per include (page + bounded count; a last page 1), get 1 + 1 per include.
  if (target.kind === 'index') return 2 + (config.index?.include?.length ?? 0) + (target.extra ?? 0);
  return 1 + (config.get?.include?.length ?? 0) + (target.extra ?? 0);
}

async function measure(call: ApiCall, route: RouteRecord) {
  const scope = matchScope(route, call.path) ?? {};
  const context = await countQueries(() => createContext(apiRequest(call)));
  const guard = await countQueries(async () => {
    const { controller, action } = route;
    await authorizeScope(context.result, scope, {
      controller: controller.name,
      action: action.name,
      allowAnonymous: action.allowAnonymous,
    });
  });
  const counted = await countWireQueries(() => countQueries(() => callApi(call)));
  return { scope, context: context.count, guard: guard.count, total: counted.result, wire: counted.wire };
}

export async function runStatementsScenario(options: {
  cookie: string;
  state: FixtureState;
  log: (message: string) => void;
}): Promise<ScenarioResult> {
  const { cookie, state } = options;
  const headers = { cookie };
  const measured: Measured[] = [];
  const notes: string[] = [];
  const covered = new Set<string>();

  for (const step of STATEMENT_STEPS) {
    const route = api.routes.find((candidate) => routeKey(candidate) === step.route);
    if (!route) {
      notes.push(`No route ${step.route} any more: update bench/scenarios/statementFixtures.ts.`);
      continue;
    }
    covered.add(step.route);
    const call = { ...step.request(state), headers };
    const { scope, context, guard, total, wire } = await measure(call, route);
    const { status, body } = total.result;
    if (status >= 300) throw new Error(`${step.route} answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
    await step.after?.(body, state);
    const action = total.count - context - guard;
    const target = targetOf(step, route);
    const nestedScopes = Object.keys(scope).length - 1; // teamId is checked from the context, free
    const verdicts: Verdict[] = [atMost(context, 1), atMost(guard, Math.max(nestedScopes, 0))];
    verdicts.push(target === null ? 'INFO' : atMost(action, target));
    measured.push({
      route: step.route,
      label: step.label ?? step.route,
      status,
      total: total.count,
      wire: wire.length,
      context,
      guard,
      action,
      target,
      verdict: worst(verdicts),
      ...(step.why ? { why: step.why } : {}),
      statements: wire,
    });
  }

  for (const route of api.routes) {
    if (!covered.has(routeKey(route)))
      notes.push(`${routeKey(route)} has no step in statementFixtures.ts (not measured).`);
  }

  // No N+1: an index costs the same at 5 and at 100 rows per page (a few rows are added first).
  for (let i = 0; i < 5; i++) {
    await callApi({
      method: 'POST',
      path: `/teams/${state.teamId}/api-keys`,
      body: { data: { name: `Key ${i}` } },
      headers,
    });
    await callApi({
      method: 'POST',
      path: `/teams/${state.teamId}/campaigns/${state.campaignId}/posts`,
      body: { data: { title: `Post ${i}` } },
      headers,
    });
  }
  const pageChecks = [];
  for (const check of PAGE_SIZE_CHECKS) {
    const small = await countQueries(() => callApi({ method: 'GET', path: check.path(state, 2), headers }));
    const large = await countQueries(() => callApi({ method: 'GET', path: check.path(state, 100), headers }));
    const rows = (large.result.body as { data?: unknown[] }).data?.length ?? 0;
    pageChecks.push({
      route: check.route,
      perPage2: small.count,
      perPage100: large.count,
      rowsOnLargePage: rows,
      // A last page skips the count, so 100 rows may cost one statement less, never more.
      verdict: (large.count <= small.count ? 'PASS' : 'MISS') as Verdict,
    });
  }

  // The context builder with an API key instead of the cookie.
  const created = await callApi({
    method: 'POST',
    path: `/teams/${state.teamId}/api-keys`,
    body: { data: { name: 'Bench bearer' } },
    headers,
  });
  const token = (created.body as { token?: string }).token;
  const keyContext = token
    ? await countQueries(() =>
        createContext(
          apiRequest({
            method: 'GET',
            path: `/teams/${state.teamId}/campaigns`,
            headers: { authorization: `Bearer ${token}` },
          }),
        ),
      )
    : null;

  const table = formatTable(
    ['endpoint', 'status', 'total', 'on the wire', 'context', 'guard', 'action', 'target', 'verdict'],
    [
      ...measured.map((m) => [
        m.label,
        m.status,
        m.total,
        m.wire,
        m.context,
        m.guard,
        m.action,
        m.target === null ? '-' : `<= ${m.target}`,
        m.verdict,
      ]),
      ...pageChecks.map((check) => [
        `${check.route} (perPage 2 vs 100: ${check.rowsOnLargePage} rows)`,
        200,
        `${check.perPage2} vs ${check.perPage100}`,
        '',
        '',
        '',
        '',
        'equal',
        check.verdict,
      ]),
    ],
  );

  const misses = measured.filter((m) => m.verdict === 'MISS');
  for (const m of misses) notes.push(`MISS ${m.label}: ${m.statements.join(' | ')}`);
  for (const m of measured.filter((entry) => entry.why)) notes.push(`${m.label}: ${m.why}.`);
  if (keyContext) {
    notes.push(
      `Context builder with an API key: ${keyContext.count} statements (key + creator + membership in one read, then a lastUsedAt UPDATE on every request).`,
    );
  }
  notes.push('Context: session -> user and memberships in one statement; the membership check itself reads no more.');
  const hidden = measured.filter((m) => m.wire > m.total);
  if (hidden.length > 0) {
    notes.push(
      `"On the wire" counts BEGIN/COMMIT/SAVEPOINT too (drizzle's logger does not): ${hidden
        .map((m) => `${m.label} ${m.total} -> ${m.wire}`)
        .join('; ')}.`,
    );
  }

  const contextMax = Math.max(...measured.map((m) => m.context));
  const guardMax = Math.max(...measured.map((m) => m.guard));
  return {
    scenario: 3,
    title: 'Statements per request (in-process, countQueries)',
    table,
    rows: [
      {
        scenario: '3 statements',
        item: `context builder (session cookie), per request`,
        value: String(contextMax),
        target: '<= 1',
        verdict: atMost(contextMax, 1),
      },
      {
        scenario: '3 statements',
        item: 'scope guard (0 for /teams/:teamId, 1 per nested scope)',
        value: String(guardMax),
        target: '<= 1',
        verdict: atMost(guardMax, 1),
      },
      ...(keyContext
        ? [
            {
              scenario: '3 statements',
              item: 'context builder (API key): read + lastUsedAt write',
              value: String(keyContext.count),
              target: '-',
              verdict: 'INFO' as Verdict,
            },
          ]
        : []),
      // The campaign actions with a statement target, one row each; the rest in one row.
      ...measured
        .filter((m) => HEADLINE_ROUTES.has(m.route))
        .map((m) => ({
          scenario: '3 statements',
          item: m.label,
          value: `${m.action} (+ctx ${m.context}, guard ${m.guard})`,
          target: m.target === null ? '-' : `<= ${m.target}`,
          verdict: m.verdict,
        })),
      {
        scenario: '3 statements',
        item: `all ${measured.length} demo endpoints within their targets`,
        value: `${measured.filter((m) => m.verdict !== 'MISS').length}/${measured.length}`,
        target: `${measured.length}/${measured.length}`,
        verdict: worst(measured.map((m) => m.verdict)),
      },
      {
        scenario: '3 statements',
        item: 'no N+1: index statements at perPage 100 <= at perPage 2',
        value: pageChecks.map((check) => `${check.perPage100}<=${check.perPage2}`).join(', '),
        target: '<=',
        verdict: worst(pageChecks.map((check) => check.verdict)),
      },
    ],
    figures: { endpoints: measured, pageChecks, apiKeyContext: keyContext?.statements ?? null },
    notes,
  };
}
