import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { belongsTo, Model } from '@/server/model';
import {
  APIKeyController,
  OrgSettingsController,
  Project,
  ProjectController,
  people,
  projects,
  ThingController,
  UploadController,
} from '@/server/testing/controllerFixtures';
import { ActiveController } from './ActiveController';
import { compileController } from './compileController';
import { action, allowAnonymous, before, controller, crud, mutation, rescue, scope } from './decorators';

const routesOf = (Controller: Parameters<typeof compileController>[0]) =>
  compileController(Controller).actions.map(
    (a) => `${a.httpMethod} ${a.path} ${a.procedureKey.join('.')} ${a.clientName}`,
  );

describe('path inference', () => {
  // Each class needs a declaration to be a controller; the name is what counts.
  @controller()
  class PostController extends ActiveController {
    @action('GET')
    ping(): null {
      return null;
    }
  }
  @controller()
  class TeamSettingsController extends PostController {}
  @controller()
  class CampaignController extends PostController {}

  it.each([
    [PostController, '/posts'],
    [TeamSettingsController, '/team-settings'],
    [CampaignController, '/campaigns'],
    [APIKeyController, '/api-keys'],
  ] as const)('%o', (Controller, path) => {
    expect(compileController(Controller).basePath).toBe(path);
  });

  it('an explicit @controller path overrides inference', () => {
    expect(compileController(ThingController).basePath).toBe('/v2/things');
    expect(routesOf(ThingController)).toEqual(['GET /v2/things/latest v2.things.latest indexLatest']);
  });
});

describe('route table', () => {
  it('gives CRUD, mutations and actions their documented paths, keys and client names', () => {
    expect(routesOf(ProjectController)).toEqual([
      'GET /orgs/:orgId/projects orgs.projects.index index',
      'GET /orgs/:orgId/projects/:id orgs.projects.get get',
      'POST /orgs/:orgId/projects orgs.projects.create create',
      'PATCH /orgs/:orgId/projects/:id orgs.projects.update update',
      'DELETE /orgs/:orgId/projects/:id orgs.projects.destroy destroy',
      'POST /orgs/:orgId/projects/:id/publish orgs.projects.publish mutatePublish',
      'POST /orgs/:orgId/projects/bulk-activate orgs.projects.bulkActivate mutateBulkActivate',
      'POST /orgs/:orgId/projects/bulk-archive orgs.projects.bulkArchive mutateBulkArchive',
      'GET /orgs/:orgId/projects/stats orgs.projects.stats indexStats',
      'GET /orgs/:orgId/projects/:id/score orgs.projects.score indexScore',
      'POST /orgs/:orgId/projects/:id/rename orgs.projects.rename mutateRename',
      'POST /orgs/:orgId/projects/teapot orgs.projects.brew mutateBrew',
      'POST /orgs/:orgId/projects/echo orgs.projects.echo mutateEcho',
    ]);
  });

  it('gives singletons get / findOrCreate / update on one path', () => {
    expect(routesOf(OrgSettingsController)).toEqual([
      'GET /orgs/:orgId/org-settings orgs.orgSettings.get get',
      'POST /orgs/:orgId/org-settings orgs.orgSettings.findOrCreate findOrCreate',
      'PATCH /orgs/:orgId/org-settings orgs.orgSettings.update update',
    ]);
  });

  it('routes plain-controller actions under the controller path (relative explicit path)', () => {
    expect(routesOf(UploadController)).toEqual([
      'POST /orgs/:orgId/uploads/presign orgs.uploads.presign mutatePresign',
      'GET /orgs/:orgId/uploads/storage-usage orgs.uploads.storageUsage indexStorageUsage',
    ]);
  });

  it("leaves out the CRUD actions @crud's except names", () => {
    @crud(Project, { except: ['create', 'destroy'] })
    class ReadOnlyProjectController extends ActiveController<unknown, Project> {}
    expect(routesOf(ReadOnlyProjectController)).toEqual([
      'GET /read-only-projects readOnlyProjects.index index',
      'GET /read-only-projects/:id readOnlyProjects.get get',
      'PATCH /read-only-projects/:id readOnlyProjects.update update',
    ]);
  });

  it('puts the topmost @scope outermost', () => {
    @scope('orgId')
    @scope('projectId')
    class NoteController extends ActiveController {
      @action('GET')
      recent(): null {
        return null;
      }
    }
    expect(compileController(NoteController).basePath).toBe('/orgs/:orgId/projects/:projectId/notes');
  });
});

describe('declaration mistakes fail at boot, naming the controller', () => {
  it("an action @crud's except leaves out, still implemented, hooked or named", () => {
    @crud(Project, { except: ['destroy'] })
    class KeptController extends ActiveController<unknown, Project> {
      destroy(): null {
        return null;
      }
    }
    expect(() => compileController(KeptController)).toThrow(
      /KeptController: defines destroy\(\), which @crud's except leaves without a route/,
    );
    @crud(Project, { except: ['destroy'] })
    class HookedController extends ActiveController<unknown, Project> {
      @before({ only: ['destroy'] })
      check(): void {}
    }
    expect(() => compileController(HookedController)).toThrow(/HookedController: .*"destroy"/);
    // @ts-expect-error `remove` is no CRUD action: a compile error too
    @crud(Project, { except: ['remove'] })
    class MisnamedController extends ActiveController<unknown, Project> {}
    expect(() => compileController(MisnamedController)).toThrow(
      /MisnamedController: @crud's except names "remove"; it takes index, get, create, update, destroy/,
    );
  });

  it('unknown sortable / filterable / permit / autoSet fields', () => {
    // @ts-expect-error the name is no attribute, scope or association of Project: a compile error too
    @crud(Project, { index: { sortable: ['nope'] } })
    class SortController extends ActiveController<unknown, Project> {}
    expect(() => compileController(SortController)).toThrow(/SortController: index.sortable lists "nope"/);

    // @ts-expect-error the name is no attribute, scope or association of Project: a compile error too
    @crud(Project, { index: { filterable: ['secret'] } })
    class FilterController extends ActiveController<unknown, Project> {}
    expect(() => compileController(FilterController)).toThrow(/FilterController: index.filterable lists "secret"/);

    // @ts-expect-error the name is no attribute, scope or association of Project: a compile error too
    @crud(Project, { create: { permit: ['bogus'] } })
    class PermitController extends ActiveController<unknown, Project> {}
    expect(() => compileController(PermitController)).toThrow(/PermitController: create.permit lists "bogus"/);

    // @ts-expect-error the name is no attribute of Project: a compile error too
    @crud(Project, { create: { autoSet: { creatorId: () => 1 } } })
    class AutoSetController extends ActiveController<unknown, Project> {}
    expect(() => compileController(AutoSetController)).toThrow(/AutoSetController: create.autoSet lists "creatorId"/);
  });

  it('unknown named scopes and includes', () => {
    // @ts-expect-error the name is no attribute, scope or association of Project: a compile error too
    @crud(Project, { index: { scopes: ['missing'] } })
    class ScopeController extends ActiveController<unknown, Project> {}
    expect(() => compileController(ScopeController)).toThrow(
      /index.scopes lists "missing", which is not a named scope/,
    );

    // @ts-expect-error the name is no attribute, scope or association of Project: a compile error too
    @crud(Project, { get: { include: ['ghost'] } })
    class IncludeController extends ActiveController<unknown, Project> {}
    expect(() => compileController(IncludeController)).toThrow(/get.include lists "ghost"/);
  });

  it("a computed field without its getter, on the controller's model or on a model it includes", () => {
    class Late extends Model(projects, { name: 'LateProject', computed: { overdue: z.boolean() } }) {}
    @crud(Late)
    class LateController extends ActiveController<unknown, Late> {}
    expect(() => compileController(LateController)).toThrow(
      'Model LateProject: computed field "overdue" has no getter; declare `get overdue()` on the model class',
    );

    class Lead extends Model(people, { name: 'LeadPerson', computed: { initial: z.string() } }) {}
    class Led extends Model(projects, { name: 'LedProject' }) {
      static associations = { lead: belongsTo(() => Lead, { foreignKey: 'ownerId' }) };
    }
    @crud(Led, { get: { include: ['lead'] } })
    class LedController extends ActiveController<unknown, Led> {}
    expect(() => compileController(LedController)).toThrow(/LeadPerson: computed field "initial" has no getter/);
  });

  it('a hook whose only: names no action, and an if: naming no method', () => {
    @crud(Project)
    class OnlyController extends ActiveController<unknown, Project> {
      @before({ only: ['publsh'] })
      check(): void {}
    }
    expect(() => compileController(OnlyController)).toThrow(/OnlyController: hook check names "publsh"/);

    @crud(Project)
    class IfController extends ActiveController<unknown, Project> {
      @before({ if: 'isReady' })
      check(): void {}
    }
    expect(() => compileController(IfController)).toThrow(/IfController: hook check has if: 'isReady'/);
  });

  it('a rescue limited to an unknown action', () => {
    @crud(Project)
    class RescueController extends ActiveController<unknown, Project> {
      @rescue(Error, { except: ['nothing'] })
      handle(): null {
        return null;
      }
    }
    expect(() => compileController(RescueController)).toThrow(/@rescue handle names "nothing"/);
  });

  it('@allowAnonymous naming no action', () => {
    @allowAnonymous({ only: ['lookUp'] })
    @controller('/links')
    class LinkController extends ActiveController {
      @action('POST') lookup(): null {
        return null;
      }
    }
    expect(() => compileController(LinkController)).toThrow(/LinkController: @allowAnonymous names "lookUp"/);
  });

  it('two routes on one method and path', () => {
    @controller('/widgets')
    class ClashController extends ActiveController {
      @action('GET', '/report')
      report(): null {
        return null;
      }
      @action('GET', '/widgets/report')
      reportAgain(): null {
        return null;
      }
    }
    expect(() => compileController(ClashController)).toThrow(
      'ClashController: two routes share GET /widgets/report: report and reportAgain',
    );
  });

  it('two client names that collide', () => {
    @crud(Project)
    class NameController extends ActiveController<unknown, Project> {
      @action('GET')
      stats(): null {
        return null;
      }
      @action('GET', '/other-stats')
      indexStats(): null {
        return null;
      }
    }
    expect(() => compileController(NameController)).toThrow(
      /two client names collide: indexStats \(stats and indexStats\)/,
    );
  });

  it('the same @scope twice (on a parent class and again on a subclass)', () => {
    @scope('orgId')
    class OrgScopedController extends ActiveController {}
    @scope('orgId')
    class NoteController extends OrgScopedController {
      @action('GET')
      recent(): null {
        return null;
      }
    }
    expect(() => compileController(NoteController)).toThrow(
      "NoteController: @scope('orgId') is declared twice, here or on a parent class; keep one, or the URL would nest /orgs/:orgId twice",
    );
  });

  it('a param in an explicit @controller path', () => {
    @controller('orgs/:orgId/notes')
    class NoteController extends ActiveController {
      @action('GET')
      recent(): null {
        return null;
      }
    }
    expect(() => compileController(NoteController)).toThrow(
      "NoteController: @controller('orgs/:orgId/notes') has a param (:orgId), which no scope guard or query filter would check; use @scope('orgId') and @controller('notes')",
    );
  });

  it('@mutation without a model, and a class with no declarations', () => {
    @controller('/loose')
    class LooseController extends ActiveController {
      @mutation()
      publish(): null {
        return null;
      }
    }
    expect(() => compileController(LooseController)).toThrow(/LooseController: @mutation publish needs @crud/);
    class PlainController extends ActiveController {}
    expect(() => compileController(PlainController)).toThrow(/PlainController: is not a controller/);
  });
});
