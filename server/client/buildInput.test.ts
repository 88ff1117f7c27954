import { describe, expect, it } from 'vitest';
import { argsOfVariables, buildInput, pickScope } from './buildInput';

const scope = { teamId: 7 };

describe('buildInput', () => {
  it('maps each shape onto the flat tRPC input, scope last', () => {
    expect(buildInput('none', scope, [])).toEqual({ teamId: 7 });
    expect(buildInput('index', scope, [{ page: 2, teamId: 9 }])).toEqual({ page: 2, teamId: 7 });
    expect(buildInput('index', scope, [])).toEqual({ teamId: 7 });
    expect(buildInput('id', scope, [3])).toEqual({ id: 3, teamId: 7 });
    expect(buildInput('ids', scope, [[1, 2]])).toEqual({ ids: [1, 2], teamId: 7 });
    expect(buildInput('data', scope, [{ name: 'x' }])).toEqual({ data: { name: 'x' }, teamId: 7 });
    expect(buildInput('idData', scope, [3, { name: 'x' }])).toEqual({ id: 3, data: { name: 'x' }, teamId: 7 });
    expect(buildInput('input', scope, [{ q: 1 }])).toEqual({ q: 1, teamId: 7 });
    expect(buildInput('idInput', scope, [{ id: 3, name: 'x' }])).toEqual({ id: 3, name: 'x', teamId: 7 });
  });

  it('refuses non-object payloads where an object is expected', () => {
    expect(() => buildInput('data', scope, ['x'])).toThrow('data must be an object');
    expect(() => buildInput('input', scope, [[1]])).toThrow('input must be an object');
  });
});

describe('argsOfVariables', () => {
  it("spreads update's { id, data } and passes other variables as the one argument", () => {
    expect(argsOfVariables('idData', { id: 1, data: { a: 1 } })).toEqual([1, { a: 1 }]);
    expect(argsOfVariables('id', 5)).toEqual([5]);
    expect(argsOfVariables('none', undefined)).toEqual([]);
  });
});

describe('pickScope', () => {
  const manifest = { scopes: ['teamId', 'campaignId'], methods: {} };
  it('keeps the declared scope params only, and requires numbers', () => {
    expect(pickScope('PostController', manifest, { teamId: 1, campaignId: 2, extra: 3 })).toEqual({
      teamId: 1,
      campaignId: 2,
    });
    expect(() => pickScope('PostController', manifest, { teamId: '1', campaignId: 2 })).toThrow(
      'PostController: scope param "teamId" must be a number (got string)',
    );
    expect(pickScope('APIKeyController', { scopes: [], methods: {} }, undefined)).toEqual({});
  });
});
