/**
 * The per-kind table the router, dispatcher, OpenAPI and client codegen read:
 * its facts checked against a compiled controller with every kind.
 */
import { expect, it } from 'vitest';
import { OrgSettingsController, ProjectController } from '../testing/controllerFixtures';
import { ACTION_KINDS } from './actionKinds';
import { compileController } from './compileController';

const actionsOf = (Controller: Parameters<typeof compileController>[0]) =>
  new Map(compileController(Controller).actions.map((action) => [action.name, action]));

it('answers 201 for create only', () => {
  const created = Object.entries(ACTION_KINDS)
    .filter(([, spec]) => spec.created)
    .map(([kind]) => kind);
  expect(created).toEqual(['create']);
});

it('knows which actions validation can refuse (422) and how the client calls each', () => {
  const actions = actionsOf(ProjectController);
  const facts = [...actions.values()].map((action) => [
    action.name,
    action.kind,
    ACTION_KINDS[action.kind].writes(action),
    ACTION_KINDS[action.kind].inputShape(action, 1),
  ]);
  expect(facts).toEqual(
    expect.arrayContaining([
      ['index', 'index', false, 'index'],
      ['get', 'get', false, 'id'],
      ['create', 'create', true, 'data'],
      ['update', 'update', true, 'idData'],
      ['destroy', 'destroy', true, 'id'],
    ]),
  );
  const singleton = actionsOf(OrgSettingsController);
  expect(ACTION_KINDS.singletonGet.inputShape(singleton.get('get') ?? expect.fail('no get'), 0)).toBe('none');
});

it('shapes a custom action by whether it loads a record and declares an input', () => {
  const action = (loadsRecord: boolean, httpMethod: 'GET' | 'POST') =>
    ({ ...[...actionsOf(ProjectController).values()][0], kind: 'action', loadsRecord, httpMethod }) as Parameters<
      typeof ACTION_KINDS.action.writes
    >[0];
  expect(ACTION_KINDS.action.inputShape(action(false, 'GET'), 0)).toBe('none');
  expect(ACTION_KINDS.action.inputShape(action(false, 'POST'), 1)).toBe('input');
  expect(ACTION_KINDS.action.inputShape(action(true, 'GET'), 1)).toBe('id');
  expect(ACTION_KINDS.action.inputShape(action(true, 'GET'), 2)).toBe('idInput');
  expect(ACTION_KINDS.action.writes(action(false, 'GET'))).toBe(false);
  expect(ACTION_KINDS.action.writes(action(false, 'POST'))).toBe(true);
});
