/**
 * What the code generator reads from a compiled controller: input shapes,
 * writable data types, column types (the framework's test fixtures).
 */
import { describe, expect, it } from 'vitest';
import { columnType, quote } from './columnType';
import { describeController } from './describeController';

describe('describeController', () => {
  it('picks input shapes from the declarations (Function.length decides optional inputs)', async () => {
    const { ProjectController, ReportController } = await import('../testing/clientFixtures');
    const shapes = (C: Parameters<typeof describeController>[0]) =>
      Object.fromEntries(describeController(C).methods.map((m) => [m.clientName, `${m.type}:${m.shape}`]));
    expect(shapes(ReportController)).toMatchObject({
      index: 'query:index',
      get: 'query:id',
      indexScore: 'query:id', // load: true GET with only the record parameter
      mutateAssign: 'mutation:idInput', // load: true POST
      mutatePresign: 'mutation:input',
      mutateRecalculate: 'mutation:none', // no parameter
      update: 'mutation:idData',
    });
    expect(shapes(ProjectController)).toMatchObject({ mutateRename: 'mutation:idInput', mutateEcho: 'mutation:input' });
  });

  it('leaves never-writable, scope and autoSet fields out of data types', async () => {
    const { ReportController } = await import('../testing/clientFixtures');
    const create = describeController(ReportController).methods.find((m) => m.clientName === 'create');
    // permit: name, budget, ownerId (autoSet), createdAt (never writable)
    expect(create?.definition).toContain("Partial<PickKnown<ReportControllerRecord, 'budget' | 'name'>>");
  });

  it("types records from the controller's record type; the fallback from columns lists computed fields too", async () => {
    const { BadgeController } = await import('../testing/clientFixtures');
    // RecordJson reads the computed fields' types from the record type (server/client/jsonTypes.ts);
    // the fallback, for a controller naming none, knows their names only.
    expect(describeController(BadgeController).recordType).toBe(
      'RecordJson<BadgeController, never, { id: number; initial: unknown; issuedAt: unknown; name: string; nickname: unknown }>',
    );
  });

  it('describes columns as their JSON types', async () => {
    const { projects } = await import('../testing/controllerFixtures');
    expect(columnType(projects.status)).toBe("'draft' | 'active' | 'archived'");
    expect(columnType(projects.budget)).toBe('number | null');
    expect(columnType(projects.createdAt)).toBe('string');
    expect(quote("it's \\")).toBe("'it\\'s \\\\'");
  });
});
