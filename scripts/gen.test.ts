/**
 * The generated client files are up to date and deterministic: regenerate in
 * memory and compare with what is committed (run `npm run gen` to fix).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ModelClass } from '@/server';
import { generate, generateOpenApiTypes, OPENAPI_TYPES, TARGETS } from './gen';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('npm run gen', () => {
  for (const target of TARGETS) {
    it(`${target.out} is not stale`, async () => {
      const committed = readFileSync(path.join(ROOT, target.out), 'utf8');
      const fresh = await generate(target);
      expect(fresh === committed, `${target.out} is stale: run \`npm run gen\` and commit it`).toBe(true);
    });
  }

  it(`${OPENAPI_TYPES} is what openapi-typescript makes of the live document`, async () => {
    const committed = readFileSync(path.join(ROOT, OPENAPI_TYPES), 'utf8');
    const fresh = await generateOpenApiTypes();
    expect(fresh === committed, `${OPENAPI_TYPES} is stale: run \`npm run gen\` and commit it`).toBe(true);
    expect(fresh).toContain('"MemberController.mutateLeave": {');
    // demo:begin
    expect(fresh).toContain('"CampaignController.mutatePublish": {');
    // demo:end
  });

  it('is deterministic and names where it came from, without timestamps', async () => {
    const [first, second] = [await generate(TARGETS[1] as never), await generate(TARGETS[1] as never)];
    expect(first).toBe(second);
    expect(first).toContain('from server/testing/clientFixtures.ts (clientFixtureControllers)');
    expect(first).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it("lists exactly the models' declared attachment slots, for the browser's checks", async () => {
    const { modelClasses } = await import('@/db/models');
    const declared = Object.values(modelClasses as Record<string, ModelClass>).flatMap((model) =>
      Object.keys((model.meta.options as { attachments?: object }).attachments ?? {}).map(
        (name) => `${model.modelName}.${name}`,
      ),
    );
    const text = await generate(TARGETS[0] as never);
    const block = /export const attachmentSlots = \{([\s\S]*?)\} as const;/.exec(text)?.[1];
    expect(block, 'the attachmentSlots list').toBeDefined();
    const listed = [...(block ?? '').matchAll(/^ {2}'([\w.]+)': \{/gm)].map((match) => match[1]);
    expect(listed.sort()).toEqual(declared.sort());
  });

  // demo:begin
  it("emits the models' attachment slots as declared, for the browser's checks", async () => {
    const { Campaign } = await import('@/db/models');
    const declared = (Campaign.meta.options as { attachments?: Record<string, { maxSize?: number }> }).attachments;
    const text = await generate(TARGETS[0] as never);
    expect(text).toContain(
      `'Campaign.logo': { kind: 'one', accepts: 'image/*', maxSize: ${declared?.logo?.maxSize} },`,
    );
    expect(text).toMatch(
      /'Campaign\.documents': \{ kind: 'many', accepts: 'application\/pdf', maxSize: \d+, max: \d+ \}/,
    );
  });
  // demo:end

  it('writes an empty manifest while the entry module does not exist', async () => {
    const text = await generate({
      entry: 'nowhere/index.ts',
      listExport: 'controllerClasses',
      out: 'nowhere/x.gen.ts',
    });
    expect(text).toContain('export const manifest = {} as const satisfies ClientManifest;');
    expect(text).toContain("from '../server/client';");
  });

  it('refuses a class that is not exported under its own name', async () => {
    const fixtures = await import('@/server/testing/clientFixtures');
    const Renamed = class Aliased extends fixtures.ReportController {};
    const target = {
      entry: 'server/testing/clientFixtures.ts',
      listExport: 'clientFixtureControllers',
      out: 'x.gen.ts',
    };
    fixtures.clientFixtureControllers.push(Renamed as never);
    try {
      await expect(generate(target)).rejects.toThrow('Aliased must be exported under its class name');
    } finally {
      fixtures.clientFixtureControllers.pop();
    }
  });
});
