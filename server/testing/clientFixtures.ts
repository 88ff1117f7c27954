/**
 * Test-only controllers for the typed client: one with every row of the
 * spec's client-name table (ReportController), one whose model hides an
 * attribute and whose class names no record type (PersonController), one whose
 * model declares computed fields (BadgeController), plus the framework's
 * fixture controllers. `npm run gen` writes their client types to
 * clientFixtures.gen.ts; server/client tests use both. Not imported by app code.
 */
import { z } from 'zod';
import {
  ActiveController,
  action,
  buildRouter,
  controller,
  createApiHandler,
  crud,
  Model,
  mergeRouters,
  mutation,
  scope,
} from '@/server';
import {
  APIKeyController,
  authorizeOrg,
  contextFromRequest,
  OrgSettingsController,
  Project,
  ProjectController,
  people,
  type TestContext,
  ThingController,
  testRouters,
  UploadController,
} from './controllerFixtures';

export { APIKeyController, OrgSettingsController, ProjectController, ThingController, UploadController };

@scope('orgId')
@controller('/reports')
@crud(Project, {
  index: {
    scopes: ['draft', 'active'],
    paramScopes: ['search'],
    sortable: ['name', 'createdAt'],
    filterable: ['status', 'budget'],
    include: ['owner'],
  },
  create: { permit: ['name', 'budget', 'ownerId', 'createdAt'], autoSet: { ownerId: (c: TestContext) => c.userId } },
  update: { permit: ['name'] },
})
export class ReportController extends ActiveController<TestContext, Project> {
  /** Overrides the default `get`: the client's output type follows this return type. */
  get(): { report: Project | null; generatedAt: Date } {
    return { report: this.record, generatedAt: new Date('2026-01-02T03:04:05.000Z') };
  }

  @action('GET')
  async stats(): Promise<{ total: number }> {
    return { total: await this.relation.count() };
  }

  @action('GET')
  async indexKeypoints(): Promise<string[]> {
    return (await this.relation.order('name').toArray()).map((record) => record.name);
  }

  @action('GET')
  async getSummary(): Promise<{ budgets: number; newest: Project | null }> {
    const records = await this.relation.order({ id: 'desc' }).toArray();
    return { budgets: records.reduce((sum, r) => sum + (r.budget ?? 0), 0), newest: records[0] ?? null };
  }

  @action('GET', undefined, { load: true })
  score(record: Project): { id: number; score: number } {
    return { id: record.id, score: record.budget ?? 0 };
  }

  @action('POST')
  async recalculate(): Promise<{ recalculated: number; at: Date }> {
    return { recalculated: await this.relation.count(), at: new Date('2026-01-02T03:04:05.000Z') };
  }

  @action('POST')
  presign(input: { filename: string; contentType: string }): { uploadUrl: string; key: string; publicUrl: string } {
    const key = `uploads/${input.filename}`;
    return { uploadUrl: `https://storage.test/${key}?signed`, key, publicUrl: `https://cdn.test/${key}` };
  }

  @action('POST', undefined, { load: true, input: z.object({ ownerId: z.number().int().nullable() }) })
  async assign(record: Project, input: { ownerId: number | null }): Promise<Project> {
    await record.update({ ownerId: input.ownerId });
    return record;
  }

  @mutation()
  async publish(record: Project): Promise<Project> {
    await record.update({ status: 'active' });
    return record;
  }

  @mutation({ bulk: true })
  async bulkArchive(records: Project[]): Promise<{ archived: number[] }> {
    for (const record of records) await record.update({ status: 'archived' });
    return { archived: records.map((record) => record.id) };
  }
}

/** A model that hides an attribute (`name`): the generated record type must leave it out. */
export class HiddenNamePerson extends Model(people, { name: 'HiddenNamePerson', hidden: ['name'] }) {}

@controller('/people')
@crud(HiddenNamePerson, { create: { permit: ['name'] } })
export class PersonController extends ActiveController<TestContext, HiddenNamePerson> {}

/** A model with computed fields: the generated record type carries them, typed by their schemas. */
export class Badge extends Model(people, {
  name: 'Badge',
  computed: { initial: z.string(), issuedAt: z.date(), nickname: z.string().optional() },
}) {
  override get initial(): string {
    return this.name.charAt(0);
  }
  override get issuedAt(): Date {
    return new Date('2026-01-02T03:04:05.000Z');
  }
  override get nickname(): string | undefined {
    return this.name.length > 3 ? undefined : this.name;
  }
}

@controller('/badges')
@crud(Badge, { create: { permit: ['name'] }, update: { permit: ['name'] } })
export class BadgeController extends ActiveController<TestContext, Badge> {
  /** A record inside a value: the client type still carries its computed fields. */
  @action('GET')
  async newest(): Promise<{ badge: Badge | null; recent: Badge[] }> {
    const [badge] = await this.relation.order({ id: 'desc' }).limit(1).toArray();
    return { badge: badge ?? null, recent: badge ? [badge] : [] };
  }
}

/** The list `npm run gen` reads (see TARGETS in scripts/gen.ts). */
export const clientFixtureControllers = [
  ProjectController,
  OrgSettingsController,
  UploadController,
  APIKeyController,
  ThingController,
  ReportController,
  PersonController,
  BadgeController,
];

export const clientTestRouters = mergeRouters(
  testRouters,
  buildRouter(ReportController),
  buildRouter(PersonController),
  buildRouter(BadgeController),
);

export const clientTestHandler = createApiHandler<TestContext>({
  routers: clientTestRouters,
  createContext: contextFromRequest,
  authorizeScope: authorizeOrg,
});
