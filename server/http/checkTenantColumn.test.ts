/**
 * `createApiHandler({ tenantColumn })`: a controller whose model has the
 * tenant column but whose scopes do not include it would serve every
 * tenant's rows, so the handler refuses to be built.
 */
import { describe, expect, it } from 'vitest';
import { ActiveController, crud, scope, singleton } from '@/server';
import {
  contextFromRequest,
  OrgSetting,
  OrgSettingsController,
  Person,
  Project,
  ProjectController,
  type TestContext,
  testRouters,
} from '@/server/testing/controllerFixtures';
import { buildRouter, mergeRouters } from './buildRouter';
import { createApiHandler } from './createApiHandler';

const handlerFor = (...Controllers: Parameters<typeof buildRouter>[0][]) =>
  createApiHandler<TestContext>({
    routers: mergeRouters(...Controllers.map((Controller) => buildRouter(Controller))),
    createContext: contextFromRequest,
    tenantColumn: 'orgId',
  });

describe('tenantColumn', () => {
  it('refuses a @crud controller whose model has the column but which is not scoped by it', () => {
    @crud(Project)
    class AllProjectsController extends ActiveController<TestContext, Project> {}
    expect(() => handlerFor(ProjectController, AllProjectsController)).toThrow(
      `AllProjectsController: its model Project has the tenant column "orgId", but the controller is not scoped by it, so it would serve every tenant's rows; add @scope('orgId')`,
    );
  });

  it('refuses an unscoped @singleton too, and one scoped by another column only', () => {
    @singleton(OrgSetting, { findBy: () => ({}) })
    class AnyOrgSettingsController extends ActiveController<TestContext, OrgSetting> {}
    expect(() => handlerFor(AnyOrgSettingsController)).toThrow(/AnyOrgSettingsController: its model OrgSetting/);

    @scope('ownerId')
    @crud(Project)
    class OwnerProjectsController extends ActiveController<TestContext, Project> {}
    expect(() => handlerFor(OwnerProjectsController)).toThrow(/OwnerProjectsController: its model Project/);
  });

  it('accepts controllers scoped by it, models without it and controllers without a model', () => {
    @crud(Person)
    class PeopleController extends ActiveController<TestContext, Person> {}
    expect(() => handlerFor(ProjectController, OrgSettingsController, PeopleController)).not.toThrow();
    expect(() =>
      createApiHandler({ routers: testRouters, createContext: contextFromRequest, tenantColumn: 'orgId' }),
    ).not.toThrow();
  });

  it('must be a column a @scope can name', () => {
    expect(() =>
      createApiHandler({ routers: testRouters, createContext: contextFromRequest, tenantColumn: 'org' }),
    ).toThrow(/createApiHandler: tenantColumn 'org'.*ending in "Id"/);
  });
});
