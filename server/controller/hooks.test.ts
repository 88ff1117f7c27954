/**
 * `@before` / `@after` order and filters, and the `@rescue` lookup, through
 * dispatch on plain controllers (no model, no database).
 */
import { describe, expect, it } from 'vitest';
import { ActiveController } from './ActiveController';
import { type ControllerClass, compileController } from './compileController';
import { action, after, before, controller, rescue } from './decorators';
import { dispatch } from './dispatch';
import { toAppError } from './errors';

interface Ctx {
  log: string[];
  admin?: boolean;
}

async function run(Controller: ControllerClass, name: string, context: Ctx = { log: [] }) {
  const compiled = compileController(Controller);
  const target = compiled.actions.find((candidate) => candidate.name === name);
  if (!target) throw new Error(`no action ${name}`);
  const result = await dispatch(compiled, target, { transport: 'trpc', params: {}, body: {} }, { context });
  return { result, log: context.log };
}

/** The two actions both hooked controllers below serve. */
class ReadWriteController extends ActiveController<Ctx> {
  @action('GET')
  read(): string {
    this.context.log.push('action read');
    return 'r';
  }

  @action('POST')
  write(): string {
    this.context.log.push('action write');
    return 'w';
  }
}

class ParentController extends ReadWriteController {
  @before()
  parentFirst(): void {
    this.context.log.push('parent before');
  }

  @after()
  parentAfter(result: unknown): void {
    this.context.log.push(`parent after ${JSON.stringify(result)}`);
  }
}

@controller('hooked')
class HookedController extends ParentController {
  @before({ only: ['read'] })
  onlyRead(): void {
    this.context.log.push('only read');
  }

  @before({ except: ['read'] })
  exceptRead(): void {
    this.context.log.push('except read');
  }

  @before({ if: 'isAdmin' })
  adminByName(): void {
    this.context.log.push('if method');
  }

  @before({ if: (self: HookedController) => self.context.admin === true })
  adminByFunction(): void {
    this.context.log.push('if function');
  }

  isAdmin(): boolean {
    return this.context.admin === true;
  }
}

describe('hooks', () => {
  it('run parent class hooks first, then the own class in declaration order; @after gets the result', async () => {
    expect((await run(HookedController, 'read')).log).toEqual([
      'parent before',
      'only read',
      'action read',
      'parent after "r"',
    ]);
  });

  it('apply only/except to the action name', async () => {
    expect((await run(HookedController, 'write')).log).toEqual([
      'parent before',
      'except read',
      'action write',
      'parent after "w"',
    ]);
  });

  it('skip a hook whose if (a method name or a function) is false', async () => {
    expect((await run(HookedController, 'read', { log: [], admin: true })).log).toEqual([
      'parent before',
      'only read',
      'if method',
      'if function',
      'action read',
      'parent after "r"',
    ]);
  });

  it('stop the request when a hook throws: neither the action nor @after runs', async () => {
    @controller('stopping')
    class StoppingController extends ParentController {
      @before()
      refuse(): void {
        throw new Error('refused');
      }
    }
    const context = { log: [] };
    await expect(run(StoppingController, 'read', context)).rejects.toThrow('refused');
    expect(context.log).toEqual(['parent before']);
  });
});

describe('a hook that returns a value', () => {
  // Returning false to refuse (as in older Rails) would be ignored and the action would run: a 500 instead.
  @controller('denying')
  class DenyingController extends ReadWriteController {
    @before({ only: ['read'] })
    deny(): boolean {
      return false;
    }

    @before({ only: ['write'] })
    async denyLater(): Promise<boolean> {
      return false;
    }

    @after({ only: ['replace'] })
    replaceResult(): string {
      return 'replaced';
    }

    @action('GET')
    replace(): string {
      return 'r';
    }
  }

  it('fails the request when a @before hook returns one (awaited too), and the action does not run', async () => {
    const context = { log: [] };
    const refusal = run(DenyingController, 'read', context);
    await expect(refusal).rejects.toThrow(
      'before hook deny of DenyingController returned false: throw an error (e.g. Forbidden) to stop the request',
    );
    await expect(refusal.catch((error: unknown) => toAppError(error).status)).resolves.toBe(500);
    await expect(run(DenyingController, 'write', context)).rejects.toThrow(
      'before hook denyLater of DenyingController returned false',
    );
    expect(context.log).toEqual([]);
  });

  it('fails the request when an @after hook returns one: it would not change the response', async () => {
    await expect(run(DenyingController, 'replace')).rejects.toThrow(
      'after hook replaceResult of DenyingController returned "replaced": the response is the action\'s result; return nothing',
    );
  });
});

class SpecificError extends Error {}
class MoreSpecificError extends SpecificError {}

class RescuingParent extends ActiveController<Ctx> {
  @rescue(SpecificError)
  parentSpecific(error: Error): string {
    return `parent specific: ${error.message}`;
  }

  @rescue(Error)
  parentAny(error: Error): string {
    return `parent any: ${error.message}`;
  }
}

@controller('rescuing')
class RescuingController extends RescuingParent {
  // Declared before the more specific handler below: declaration order wins within a class.
  @rescue(SpecificError, { only: ['specific'] })
  ownSpecific(error: Error): string {
    return `own specific: ${error.message}`;
  }

  @rescue(MoreSpecificError)
  ownMoreSpecific(error: Error): string {
    return `own more specific: ${error.message}`;
  }

  @action('GET')
  specific(): never {
    throw new MoreSpecificError('a');
  }

  @action('GET')
  other(): never {
    throw new MoreSpecificError('b');
  }

  @action('GET')
  plain(): never {
    throw new Error('c');
  }

  @action('GET')
  typeError(): never {
    throw new TypeError('d');
  }
}

describe('rescue lookup', () => {
  it('takes the first matching handler of the own class, in declaration order', async () => {
    expect((await run(RescuingController, 'specific')).result).toBe('own specific: a');
  });

  it('skips a handler whose only/except excludes the action', async () => {
    expect((await run(RescuingController, 'other')).result).toBe('own more specific: b');
  });

  it('goes up to the parent class when the own class has no match', async () => {
    expect((await run(RescuingController, 'plain')).result).toBe('parent any: c');
    expect((await run(RescuingController, 'typeError')).result).toBe('parent any: d');
  });

  it('rethrows when no handler matches', async () => {
    @controller('unrescued')
    class UnrescuedController extends ActiveController<Ctx> {
      @rescue(SpecificError)
      specificOnly(): string {
        return 'rescued';
      }

      @action('GET')
      fail(): never {
        throw new RangeError('e');
      }
    }
    await expect(run(UnrescuedController, 'fail')).rejects.toThrow(RangeError);
  });
});
