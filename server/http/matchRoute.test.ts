/** REST route matching on its own: static segments beat params, 405 with Allow, 404, decoding. */
import { describe, expect, it } from 'vitest';
import type { CompiledAction, CompiledController } from '../controller/compileController';
import { AppError } from '../controller/errors';
import type { RouteRecord } from './buildRouter';
import { createRouteTable, MethodNotAllowed, matchRoute, methodsAt } from './matchRoute';

function route(method: RouteRecord['method'], path: string): RouteRecord {
  return {
    method,
    path,
    controller: {} as CompiledController,
    action: { name: `${method} ${path}` } as CompiledAction,
  };
}

// Declared with the param routes first: the table must not depend on declaration order.
const table = createRouteTable([
  route('GET', '/teams/:teamId/campaigns/:id'),
  route('PATCH', '/teams/:teamId/campaigns/:id'),
  route('GET', '/teams/:teamId/campaigns/stats'),
  route('GET', '/teams/:teamId/campaigns'),
  route('POST', '/teams/:teamId/campaigns/:id/publish'),
]);

function matched(method: string, path: string) {
  const { route: found, params } = matchRoute(table, method, path);
  return { action: found.action.name, params };
}

describe('matchRoute', () => {
  it('prefers a static segment over :id at the same position', () => {
    expect(matched('GET', '/teams/1/campaigns/stats')).toEqual({
      action: 'GET /teams/:teamId/campaigns/stats',
      params: { teamId: '1' },
    });
    expect(matched('GET', '/teams/1/campaigns/42')).toEqual({
      action: 'GET /teams/:teamId/campaigns/:id',
      params: { teamId: '1', id: '42' },
    });
  });

  it('matches whole segments only, ignoring empty ones', () => {
    expect(matched('GET', '/teams/1/campaigns/')).toEqual({
      action: 'GET /teams/:teamId/campaigns',
      params: { teamId: '1' },
    });
    expect(() => matchRoute(table, 'GET', '/teams/1/campaigns/2/extra/more')).toThrow(AppError);
  });

  it('decodes params, and answers 400 for a malformed escape', () => {
    expect(matched('POST', '/teams/a%20b/campaigns/7/publish').params).toEqual({ teamId: 'a b', id: '7' });
    const error = (() => {
      try {
        matchRoute(table, 'GET', '/teams/%E0%A4%A/campaigns');
      } catch (caught) {
        return caught as AppError;
      }
    })();
    expect(error?.status).toBe(400);
  });

  it('405 with the allowed methods when the path exists under another method', () => {
    try {
      matchRoute(table, 'DELETE', '/teams/1/campaigns/9');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(MethodNotAllowed);
      expect((error as MethodNotAllowed).allow.sort()).toEqual(['GET', 'HEAD', 'OPTIONS', 'PATCH']);
      expect((error as MethodNotAllowed).status).toBe(405);
    }
  });

  it('a static segment wins for every method: PATCH on it is a 405 naming its methods, not :id = "stats"', () => {
    try {
      matchRoute(table, 'PATCH', '/teams/1/campaigns/stats');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(MethodNotAllowed);
      expect((error as MethodNotAllowed).allow).toEqual(['GET', 'HEAD', 'OPTIONS']);
    }
    expect(methodsAt(table, '/teams/1/campaigns/stats')).toEqual(['GET']);
    expect(methodsAt(table, '/teams/1/campaigns/9').sort()).toEqual(['GET', 'PATCH']);
  });

  it('404 for an unknown path', () => {
    expect(() => matchRoute(table, 'GET', '/nowhere')).toThrow(expect.objectContaining({ status: 404 }));
  });
});
