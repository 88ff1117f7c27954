import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeTestDatabase } from '../testing/testDatabase';
import { db } from './connection';
import { Model } from './Model';
import type { ModelBase } from './ModelBase';
import { metaOf } from './metaOf';
import { declaredModels, registerModelPlugin } from './modelPlugins';
import { countQueries } from './queryCounter';
import { createFixtureTables, widgets } from './testing/fixtures';
import type { AnyTable } from './types';

// How another subsystem adds its own declaration keys to Model(table, options).
declare module './ModelOptions' {
  interface ModelOptions<TTable extends AnyTable> {
    audited?: boolean;
  }
}

afterAll(closeTestDatabase);
beforeAll(createFixtureTables);

const audit: string[] = [];

registerModelPlugin({
  name: 'audit',
  setup(model) {
    if (!model.meta.options.audited) return;
    // A plugin may add a loader under any name; it is loaded with includes() like an association.
    model.meta.addAssociation('auditTrail', {
      kind: 'auditTrail',
      async preload(_owner, name, records) {
        await db().execute(sql`select 1`); // one statement for the whole batch
        for (const record of records) record.setAssociation(name, [`audit of ${String(record.readAttribute('id'))}`]);
      },
    });
  },
  afterSave(record, created) {
    if (metaOf(record).options.audited) {
      audit.push(`${created ? 'created' : 'updated'} ${String(record.readAttribute('slug'))}`);
    }
  },
  beforeDestroy(record: ModelBase) {
    if (record.readAttribute('slug') === 'protected') {
      record.addError('base', 'is protected by the audit plugin');
      return false;
    }
    return undefined;
  },
  afterDestroy(record) {
    audit.push(`destroyed ${String(record.readAttribute('slug'))}`);
  },
});

class AuditedWidget extends Model(widgets, { name: 'AuditedWidget', audited: true }) {}

beforeEach(async () => {
  await db().execute(sql`truncate widgets restart identity`);
  audit.length = 0;
});

describe('model plugins', () => {
  it('see every declared model and read their own option keys', () => {
    expect(declaredModels().map((model) => model.modelName)).toContain('AuditedWidget');
    expect(AuditedWidget.associationNames).toEqual(['auditTrail']);
  });

  it('join the write transaction of save and destroy', async () => {
    const widget = await AuditedWidget.create({ teamId: 1, slug: 'a' });
    await widget.update({ name: 'renamed' });
    expect(await widget.destroy()).toBe(true);
    expect(audit).toEqual(['created a', 'updated a', 'destroyed a']);
  });

  it('can veto a destroy', async () => {
    const widget = await AuditedWidget.create({ teamId: 1, slug: 'protected' });
    expect(await widget.destroy()).toBe(false);
    expect(widget.errors).toEqual({ base: ['is protected by the audit plugin'] });
    expect(await AuditedWidget.count()).toBe(1);
  });

  it('add loaders that includes() runs once per batch and toJSON nests', async () => {
    await AuditedWidget.create({ teamId: 1, slug: 'a' });
    await AuditedWidget.create({ teamId: 1, slug: 'b' });
    const { result, count } = await countQueries(
      async () => await AuditedWidget.includes('auditTrail').order('id').toArray(),
    );
    expect(count).toBe(2);
    expect(result.map((w) => w.toJSON().auditTrail)).toEqual([['audit of 1'], ['audit of 2']]);
  });
});
