/**
 * Model-layer edge cases on real PostgreSQL. Tests marked "Regression" pin
 * defects that were found and fixed: each names the behaviour that broke.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeTestDatabase } from '../testing/testDatabase';
import { db, transaction } from './connection';
import { Model } from './Model';
import { createFixtureTables, widgets } from './testing/fixtures';

afterAll(closeTestDatabase);
beforeAll(createFixtureTables);

class Widget extends Model(widgets, { name: 'Widget' }) {
  /** A validation that reads the database. */
  async validate(): Promise<void> {
    const taken = await Widget.where({ teamId: this.teamId, name: this.name ?? null }).exists();
    if (this.name && taken && this.isNewRecord) this.addError('name', 'is already used in this team');
  }
  afterSave(): void {}
}

beforeEach(async () => {
  await Widget.deleteAll();
});

describe('record state and outer transactions', () => {
  it('a record saved inside a transaction that later rolls back is new again', async () => {
    // Regression: runWrite restores state only when its own savepoint fails; after the OUTER rollback the record keeps a phantom id.
    const widget = Widget.build({ teamId: 1, slug: 'ghost' });
    await expect(
      transaction(async () => {
        expect(await widget.save()).toBe(true);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await Widget.count()).toBe(0);
    expect(widget.isNewRecord).toBe(true);
    expect(widget.id).toBeUndefined();
    // Saving again must insert the row, not UPDATE a row that never existed (RecordNotFound).
    expect(await widget.save()).toBe(true);
    expect(await Widget.count()).toBe(1);
  });
});

describe('where and validations', () => {
  it('where({ id: undefined }) throws instead of dropping the condition', () => {
    expect(() => Widget.where({ id: undefined })).toThrow(/undefined/);
  });

  it('a validation that reads the database runs inside the write transaction', async () => {
    expect((await Widget.create({ teamId: 1, slug: 'a', name: 'Same' })).isPersisted).toBe(true);
    const second = await Widget.create({ teamId: 1, slug: 'b', name: 'Same' });
    expect(second.errors).toEqual({ name: ['is already used in this team'] });
    expect(second.isNewRecord).toBe(true);
    const rows = await db().select().from(widgets);
    expect(rows).toHaveLength(1);
  });
});
