/**
 * Type tests of what a controller's author writes: tsc (the typecheck step of
 * `npm test`) fails when a `@ts-expect-error` below no longer has an error to
 * expect, so removing any of these checks breaks the build. The runtime part
 * only proves the declarations still compile into routes.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { Relation } from '../model';
import { OrgSetting, Project, type TestContext } from '../testing/controllerFixtures';
import { ActiveController } from './ActiveController';
import type { ControllerParams } from './ControllerParams';
import { compileController } from './compileController';
import { crud, mutation, singleton } from './decorators';
import { decoratorsFor } from './decoratorsFor';

const bound = decoratorsFor<TestContext>();
interface OtherContext {
  tenant: string;
}

@crud(Project, {
  index: {
    sortable: ['name', 'createdAt'],
    defaultSort: { field: 'createdAt', dir: 'desc' },
    filterable: ['status', 'ownerId'],
    scopes: ['draft', 'active'],
    defaultScopes: ['active'],
    paramScopes: ['search'],
    include: ['owner'],
  },
  get: { include: ['owner'] },
  create: { permit: ['name', 'budget'], autoSet: { ownerId: (context: TestContext) => context.userId } },
  update: { permit: ['name'] },
})
class ProjectsController extends ActiveController<TestContext, Project> {
  /** Never called: its body is checked by tsc. */
  async typed(): Promise<void> {
    expectTypeOf(this.params).not.toBeAny();
    expectTypeOf(this.params).toEqualTypeOf<ControllerParams>();
    expectTypeOf(this.params.orgId).toEqualTypeOf<number | undefined>();
    expectTypeOf(this.params.id).toEqualTypeOf<number | undefined>();
    // @ts-expect-error a misspelt param is no scope param (those end in `Id`) nor a known key
    void this.params.orgIdd;

    expectTypeOf(this.relation).not.toBeAny();
    expectTypeOf(this.relation).toEqualTypeOf<Relation<Project>>();
    expectTypeOf(await this.relation.pluck('id')).toEqualTypeOf<number[]>();
    expectTypeOf(await this.relation.pluck('name')).toEqualTypeOf<string[]>();
    // @ts-expect-error an unknown attribute in where
    this.relation.where({ nonexistent: 1 });
    // @ts-expect-error an attribute's value of the wrong type
    this.relation.where({ budget: 'lots' });
    // @ts-expect-error pluck of an unknown attribute
    void this.relation.pluck('nope');

    expectTypeOf(this.record).not.toBeAny();
    expectTypeOf(this.record).toEqualTypeOf<Project | null>();
    expectTypeOf(this.context).toEqualTypeOf<TestContext>();
  }
}

// Every misuse below is a compile error on the line after its comment.
@crud(Project, {
  // @ts-expect-error sortable: no such attribute
  index: { sortable: ['nme'] },
})
class SortTypo extends ActiveController<TestContext, Project> {}
@crud(Project, {
  // @ts-expect-error filterable: no such attribute
  index: { filterable: ['stauts'] },
})
class FilterTypo extends ActiveController<TestContext, Project> {}
@crud(Project, {
  // @ts-expect-error defaultSort.field: no such attribute
  index: { defaultSort: { field: 'created', dir: 'desc' } },
})
class DefaultSortTypo extends ActiveController<TestContext, Project> {}
@crud(Project, {
  // @ts-expect-error scopes: no such named scope
  index: { scopes: ['drafts'] },
})
class ScopeTypo extends ActiveController<TestContext, Project> {}
@crud(Project, {
  // @ts-expect-error paramScopes: no such named scope
  index: { paramScopes: ['serch'] },
})
class ParamScopeTypo extends ActiveController<TestContext, Project> {}
@crud(Project, {
  // @ts-expect-error include: no such association or attachment slot
  get: { include: ['owners'] },
})
class IncludeTypo extends ActiveController<TestContext, Project> {}
@crud(Project, {
  // @ts-expect-error permit: no such attribute
  create: { permit: ['nmae'] },
})
class PermitTypo extends ActiveController<TestContext, Project> {}
@crud(Project, {
  // @ts-expect-error update.permit: no such attribute
  update: { permit: ['budgte'] },
})
class UpdatePermitTypo extends ActiveController<TestContext, Project> {}
@crud(Project, {
  create: {
    autoSet: {
      // @ts-expect-error autoSet: no such attribute
      ownerIdd: (context: TestContext) => context.userId,
    },
  },
})
class AutoSetTypo extends ActiveController<TestContext, Project> {}

// @ts-expect-error the model is named on the decorator but not on the class: this.relation would be null
@crud(Project)
class ModelForgotten extends ActiveController<TestContext> {}
// @ts-expect-error the class's records are another model's
@crud(Project)
class ModelMismatch extends ActiveController<TestContext, OrgSetting> {}
// @ts-expect-error the callbacks were written for another context than the controller's
@crud(Project, { create: { autoSet: { ownerId: (context: OtherContext) => context.tenant.length } } })
class ContextMismatch extends ActiveController<TestContext, Project> {}

// A record change with input is `@action('POST', undefined, { load: true, input })`.
@crud(Project)
class MutationWithInput extends ActiveController<TestContext, Project> {
  // @ts-expect-error a @mutation takes no input beyond its record or ids
  @mutation({ input: z.object({ note: z.string() }) })
  async archive(project: Project): Promise<Project> {
    return project;
  }
}

@singleton(OrgSetting, {
  findBy: (context: TestContext, params) => {
    expectTypeOf(context).toEqualTypeOf<TestContext>();
    expectTypeOf(params).toEqualTypeOf<ControllerParams>();
    return { orgId: params.orgId };
  },
  findOrCreate: true,
  defaultValues: { timezone: 'UTC' },
  update: { permit: ['timezone', 'digest'] },
})
class SettingsController extends ActiveController<TestContext, OrgSetting> {}
@singleton(OrgSetting, {
  // @ts-expect-error findBy: no such attribute
  findBy: (_context: TestContext, params) => ({ orgIdd: params.orgId }),
})
class FindByTypo extends ActiveController<TestContext, OrgSetting> {}
@singleton(OrgSetting, {
  findBy: (_context: TestContext, params) => ({ orgId: params.orgId }),
  // @ts-expect-error defaultValues: no such attribute
  defaultValues: { timezon: 'UTC' },
})
class DefaultValuesTypo extends ActiveController<TestContext, OrgSetting> {}

// Bound to the context once: callbacks need no annotation.
@bound.crud(Project, {
  create: {
    permit: ['name'],
    autoSet: {
      ownerId: (context) => {
        expectTypeOf(context).not.toBeAny();
        expectTypeOf(context).toEqualTypeOf<TestContext>();
        return context.userId;
      },
    },
  },
})
class BoundController extends ActiveController<TestContext, Project> {}
@bound.singleton(OrgSetting, { findBy: (context, params) => ({ orgId: context.userId ?? params.orgId }) })
class BoundSingleton extends ActiveController<TestContext, OrgSetting> {}
@bound.crud(Project, {
  // @ts-expect-error the bound context has no such member
  create: { autoSet: { ownerId: (context) => context.tenant } },
})
class BoundTypo extends ActiveController<TestContext, Project> {}
// @ts-expect-error bound decorators on a controller of another context
@bound.crud(Project)
class BoundContextMismatch extends ActiveController<OtherContext, Project> {}

describe('typed declarations', () => {
  it('the well-typed declarations compile into routes', () => {
    for (const Controller of [ProjectsController, SettingsController, BoundController, BoundSingleton]) {
      expect(compileController(Controller).actions.length).toBeGreaterThan(0);
    }
  });

  it('the mistyped ones are still refused at boot (for JavaScript and casts), except what tsc alone can see', () => {
    for (const Controller of [SortTypo, FilterTypo, DefaultSortTypo, ScopeTypo, ParamScopeTypo, IncludeTypo]) {
      expect(() => compileController(Controller)).toThrow(/lists|not a|unknown|no /);
    }
    // Type-level only: the runtime sees a valid declaration.
    for (const Controller of [ModelForgotten, ModelMismatch, ContextMismatch, BoundTypo, BoundContextMismatch]) {
      expect(() => compileController(Controller)).not.toThrow();
    }
    void [PermitTypo, UpdatePermitTypo, AutoSetTypo, FindByTypo, DefaultValuesTypo, MutationWithInput];
  });
});
