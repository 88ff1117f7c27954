/**
 * The pipeline's order without a database (docs/controllers.md, "The
 * pipeline"): scope params (400), the app's scope guard (401, then 404 for a
 * scope the user is not in), the record (404) and only then `@before` hooks
 * (403). Each refusal must come before the next step runs. The guard runs
 * for unscoped controllers too, and no `@rescue` handler sees its refusals.
 */
import { describe, expect, it } from 'vitest';
import type { ModelBase } from '../model';
import { ActiveController } from './ActiveController';
import { compileController } from './compileController';
import { action, allowAnonymous, before, controller, crud, rescue, scope } from './decorators';
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

@allowAnonymous({ only: ['open'] })
@controller('things')
class ThingController extends ActiveController<Ctx> {
  @action('GET') open() {
    return 'open';
  }
  @action('GET') closed() {
    return 'closed';
  }
  /** A handler as broad as a newcomer writes it. */
  @rescue(Error) answer(error: Error) {
    return `rescued: ${error.message}`;
  }
}

describe('the guard on an unscoped controller', () => {
  const things = compileController(ThingController);
  const targets: unknown[] = [];
  // Signed in by default: only an action under @allowAnonymous lets an anonymous caller through.
  const guard: AuthorizeScope<Ctx> = (context, scopeParams, target) => {
    targets.push({ scopeParams, ...target });
    if (!context.user && !target.allowAnonymous) throw new Unauthorized('Sign in');
  };
  async function call(name: string, user?: Ctx['user']) {
    const named = things.actions.find((candidate) => candidate.name === name);
    if (!named) throw new Error(`no ${name} action`);
    try {
      const context: Ctx = { user, log: [] };
      const source = { transport: 'rest' as const, params: {} };
      return {
        status: 200,
        result: await dispatch(things, named, source, { context, authorizeScope: guard as never }),
      };
    } catch (error) {
      return { status: toAppError(error).status };
    }
  }

  it('runs, and is told which actions @allowAnonymous covers', async () => {
    targets.length = 0;
    expect(await call('open')).toEqual({ status: 200, result: 'open' });
    expect(await call('closed', member)).toEqual({ status: 200, result: 'closed' });
    expect(targets).toEqual([
      { scopeParams: {}, controller: 'ThingController', action: 'open', allowAnonymous: true },
      { scopeParams: {}, controller: 'ThingController', action: 'closed', allowAnonymous: false },
    ]);
  });

  it("refuses an anonymous caller elsewhere, and @rescue(Error) cannot turn the guard's 401 into an answer", async () => {
    expect(await call('closed')).toEqual({ status: 401 });
  });
});
