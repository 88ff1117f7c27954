/**
 * The default CRUD actions on an in-memory model (no database): what each
 * writes and answers, and the 422s. Index paging and sort run against
 * PostgreSQL in server/http/restCrud.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ModelBase } from '../model';
import { ActiveController } from './ActiveController';
import { compileController } from './compileController';
import { crud, scope } from './decorators';
import { dispatch } from './dispatch';
import type { AppError } from './errors';
import { fakeModel } from './testing/fakeModel';

function controllerOver(store: ReturnType<typeof fakeModel>) {
  @scope('teamId')
  @crud(store.model, {
    // teamId is a scope and id is never writable: both are dropped even when permitted.
    create: { permit: ['name', 'teamId', 'id'] },
    update: { permit: ['name'] },
  })
  class WidgetController extends ActiveController<unknown, ModelBase> {}
  return compileController(WidgetController);
}

async function call(store: ReturnType<typeof fakeModel>, name: string, params: Record<string, unknown>) {
  const compiled = controllerOver(store);
  const target = compiled.actions.find((candidate) => candidate.name === name);
  if (!target) throw new Error(`no action ${name}`);
  const result = await dispatch(compiled, target, { transport: 'trpc', params, body: params }, { context: {} });
  return result;
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

describe('default actions', () => {
  it('get answers the record loaded within the scope', async () => {
    const store = fakeModel([{ id: 1, teamId: 7, name: 'kept' }]);
    expect(await call(store, 'get', { teamId: 7, id: 1 })).toEqual({ id: 1, teamId: 7, name: 'kept' });
    expect(store.log).toEqual(['where {"teamId":7}', 'find 1']);
  });

  it('create writes permitted attributes only, under the scope', async () => {
    const store = fakeModel([]);
    const created = await call(store, 'create', { teamId: 7, data: { name: 'new', teamId: 99, id: 5, extra: 1 } });
    expect(created).toEqual({ id: 1, teamId: 7, name: 'new' });
    expect(store.log).toEqual(['where {"teamId":7}', 'build', 'save']);
  });

  it('create answers 422 with the record errors when save fails', async () => {
    const error = await refusal(call(fakeModel([]), 'create', { teamId: 7, data: { name: '' } }));
    expect(error.status).toBe(422);
    expect(error.fields).toEqual({ name: ["can't be blank"] });
  });

  it('create answers 422 for a value that does not fit its column, without saving', async () => {
    const store = fakeModel([]);
    const error = await refusal(call(store, 'create', { teamId: 7, data: { name: 'x'.repeat(21) } }));
    expect(error.status).toBe(422);
    expect(Object.keys(error.fields ?? {})).toEqual(['name']);
    expect(store.log).not.toContain('save');
  });

  it('update assigns permitted attributes to the loaded record', async () => {
    const store = fakeModel([{ id: 1, teamId: 7, name: 'old' }]);
    expect(await call(store, 'update', { teamId: 7, id: 1, data: { name: 'renamed', teamId: 8 } })).toEqual({
      id: 1,
      teamId: 7,
      name: 'renamed',
    });
  });

  it('destroy answers success, or 422 with base errors when a hook vetoes it', async () => {
    expect(await call(fakeModel([{ id: 1, teamId: 7, name: 'a' }]), 'destroy', { teamId: 7, id: 1 })).toEqual({
      success: true,
    });
    const vetoed = fakeModel([{ id: 1, teamId: 7, name: 'a' }], true);
    const error = await refusal(call(vetoed, 'destroy', { teamId: 7, id: 1 }));
    expect(error.status).toBe(422);
    expect(error.fields).toEqual({ base: ['is still in use'] });
  });
});
