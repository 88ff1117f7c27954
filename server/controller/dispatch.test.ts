/**
 * The pipeline's order without a database (docs/controllers.md, "The
 * pipeline"): scope params (400), the app's scope guard (401, then 404 for a
 * scope the user is not in), the record (404) and only then `@before` hooks
 * (403). Each refusal must come before the next step runs.
 */
import { describe, expect, it } from 'vitest';
import type { ModelBase } from '../model';
import { ActiveController } from './ActiveController';
import { compileController } from './compileController';
import { before, crud, scope } from './decorators';
import { type AuthorizeScope, dispatch } from './dispatch';
import { Forbidden, NotFound, toAppError, Unauthorized } from './errors';
import { fakeModel } from './testing/fakeModel';

interface Ctx {
  user?: { teamId: number; role: 'owner' | 'member' };
  log: string[];
}

const store = fakeModel([{ id: 1, teamId: 7, name: 'kept' }]);

@scope('teamId')
@crud(store.model)
class WidgetController extends ActiveController<Ctx, ModelBase> {
  @before({ only: ['get', 'destroy'] })
  ownersOnly(): void {
    this.context.log.push('ownersOnly');
    if (this.context.user?.role !== 'owner') throw new Forbidden('Owners only');
  }
}

const authorizeScope: AuthorizeScope<Ctx> = (context, scopeParams) => {
  context.log.push(`authorize ${scopeParams.teamId}`);
  if (!context.user) throw new Unauthorized('Sign in');
  // Not a member: the team's existence is not revealed.
  if (context.user.teamId !== scopeParams.teamId) throw new NotFound('Team');
};

const compiled = compileController(WidgetController);
const getAction = compiled.actions.find((action) => action.name === 'get');

async function get(user: Ctx['user'], teamId: string, id: string) {
  if (!getAction) throw new Error('no get action');
  store.log.length = 0;
  // One log for the guard, the model and the hooks, so the steps appear in the order they ran.
  const context: Ctx = { user, log: store.log };
  const source = { transport: 'rest' as const, params: { teamId, id } };
  try {
    const result = await dispatch(compiled, getAction, source, { context, authorizeScope: authorizeScope as never });
    return { status: 200, result, steps: [...store.log] };
  } catch (error) {
    // The adapters turn what dispatch throws into a status through toAppError.
    return { status: toAppError(error).status, steps: [...store.log] };
  }
}

const member = { teamId: 7, role: 'member' } as const;
const owner = { teamId: 7, role: 'owner' } as const;

describe('dispatch order', () => {
  it('400 on a malformed scope param, before the scope guard runs', async () => {
    expect(await get(undefined, 'abc', '1')).toEqual({ status: 400, steps: [] });
  });

  it('401 without a user, before the scope or the record is looked at', async () => {
    expect(await get(undefined, '7', '99')).toEqual({ status: 401, steps: ['authorize 7'] });
  });

  it('404 for a team the user is not in, before the record is read', async () => {
    expect(await get(member, '8', '99')).toEqual({ status: 404, steps: ['authorize 8'] });
  });

  it('404 for a missing record, before any @before hook (so no 403 leaks that it exists)', async () => {
    expect(await get(member, '7', '99')).toEqual({
      status: 404,
      steps: ['authorize 7', 'where {"teamId":7}', 'find 99'],
    });
  });

  it('403 from a @before hook once the record is loaded', async () => {
    expect(await get(member, '7', '1')).toEqual({
      status: 403,
      steps: ['authorize 7', 'where {"teamId":7}', 'find 1', 'ownersOnly'],
    });
  });

  it('answers once every step passes', async () => {
    const outcome = await get(owner, '7', '1');
    expect(outcome.status).toBe(200);
    expect(outcome.result).toEqual({ id: 1, teamId: 7, name: 'kept' });
  });
});
