/**
 * Type tests: an `@action` / `@mutation` method must fit its own declaration
 * (input schema -> parameter, output schema -> return type). Each
 * `@ts-expect-error` fails the typecheck step when its mismatch compiles again.
 * The runtime part proves the declarations still compile into routes.
 */
import { expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { Project, type TestContext } from '../testing/controllerFixtures';
import { ActiveController } from './ActiveController';
import { compileController } from './compileController';
import { action, crud, mutation } from './decorators';

const renameInput = z.object({ name: z.string() });
const countOutput = z.object({ count: z.number().int(), at: z.string() });

@crud(Project, {})
class SignaturesController extends ActiveController<TestContext, Project> {
  @action('POST', undefined, { input: renameInput, output: countOutput })
  async rename(input: { name: string }): Promise<{ count: number; at: Date }> {
    // A Date is fine where the schema says string: it is serialised to an ISO string.
    return { count: input.name.length, at: new Date() };
  }

  // @ts-expect-error the method reads a field the input schema does not have
  @action('POST', undefined, { input: renameInput })
  misread(input: { nme: number }): number {
    return input.nme;
  }

  // @ts-expect-error the method returns what the output schema does not describe
  @action('GET', undefined, { output: countOutput })
  wrongOutput(): { total: number } {
    return { total: 1 };
  }

  @action('POST', undefined, { load: true, input: renameInput, output: 'record' })
  async loaded(record: Project, input: { name: string }): Promise<Project> {
    await record.update({ name: input.name });
    return record;
  }

  // @ts-expect-error without `load` the method receives no record
  @action('POST', undefined, { input: renameInput })
  notLoaded(record: Project, input: { name: string }): string {
    return `${record.id}${input.name}`;
  }

  // An action without an input schema declares its input by the parameter alone (unvalidated).
  @action('POST')
  free(input: { anything: string }): string {
    return input.anything;
  }

  @mutation({ output: 'record' })
  async publish(record: Project): Promise<Project> {
    return record;
  }

  @mutation({ bulk: true, records: false, output: z.object({ archived: z.number() }) })
  archive(ids: number[]): { archived: number } {
    return { archived: ids.length };
  }

  // @ts-expect-error a bulk mutation with `records: false` receives ids, not records
  @mutation({ bulk: true, records: false })
  archiveRecords(records: Project[]): number {
    return records.length;
  }

  // @ts-expect-error the output schema says an object, the method returns a number
  @mutation({ output: z.object({ ok: z.boolean() }) })
  count(_record: Project): number {
    return 1;
  }
}

/** Never dispatched: its body is checked by tsc. */
class ScopedController extends ActiveController<TestContext, Project, 'orgId'> {
  scopeTypes(): void {
    // Named scope params are numbers, no cast needed; unnamed ones do not exist.
    expectTypeOf(this.scopeParams.orgId).toEqualTypeOf<number>();
    // @ts-expect-error only the declared scope names are params
    expectTypeOf(this.scopeParams.teamId).toEqualTypeOf<number>();
  }
}

it('compiles the typed declarations into routes', () => {
  const compiled = compileController(SignaturesController);
  const names = compiled.actions.map((declared) => declared.name);
  expect(names).toEqual(expect.arrayContaining(['rename', 'loaded', 'free', 'publish', 'archive']));
  expect(typeof ScopedController.prototype.scopeTypes).toBe('function');
});
