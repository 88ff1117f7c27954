import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeTestDatabase } from '../testing/testDatabase';
import { db, transaction } from './connection';
import type { ModelHooks } from './hooks';
import { Model } from './Model';
import { countQueries } from './queryCounter';
import { createFixtureTables, widgets } from './testing/fixtures';

afterAll(closeTestDatabase);
beforeAll(createFixtureTables);

const log: string[] = [];
const behaviour: { vetoSave?: boolean; failAfterSave?: boolean } = {};

class Widget extends Model(widgets, { name: 'Widget' }) implements ModelHooks {
  beforeValidate(): void {
    log.push('beforeValidate');
    if (typeof this.slug === 'string') this.slug = this.slug.trim().toLowerCase();
  }
  validate(): void {
    log.push('validate');
    if (this.price != null && this.price > 1000) this.addError('price', 'is too high');
  }
  beforeSave(): boolean {
    log.push('beforeSave');
    return !behaviour.vetoSave;
  }
  beforeCreate(): void {
    log.push('beforeCreate');
  }
  beforeUpdate(): void {
    log.push('beforeUpdate');
  }
  afterCreate(): void {
    log.push('afterCreate');
  }
  afterUpdate(): void {
    log.push('afterUpdate');
  }
  async afterSave(): Promise<void> {
    log.push(`afterSave:${this.id}`);
    if (behaviour.failAfterSave) throw new Error('afterSave failed');
  }
  afterCommit(): void {
    log.push(`afterCommit:${this.id}`);
  }
}

beforeEach(async () => {
  await db().execute(sql`truncate widgets restart identity`);
  log.length = 0;
  behaviour.vetoSave = false;
  behaviour.failAfterSave = false;
});

describe('save hooks', () => {
  it('run in order on create and on update, afterCommit after the commit', async () => {
    const widget = await Widget.create({ teamId: 1, slug: '  Blue ' });
    expect(widget.errors).toEqual({});
    expect(widget.slug).toBe('blue');
    expect(log).toEqual([
      'beforeValidate',
      'validate',
      'beforeSave',
      'beforeCreate',
      'afterCreate',
      'afterSave:1',
      'afterCommit:1',
    ]);
    log.length = 0;
    expect(await widget.update({ name: 'Blue widget' })).toBe(true);
    expect(log).toEqual([
      'beforeValidate',
      'validate',
      'beforeSave',
      'beforeUpdate',
      'afterUpdate',
      'afterSave:1',
      'afterCommit:1',
    ]);
  });

  it('a failed validation stops before beforeSave', async () => {
    const widget = await Widget.create({ teamId: 1, slug: 'x', price: 5000 });
    expect(widget.errors).toEqual({ price: ['is too high'] });
    expect(widget.isNewRecord).toBe(true);
    expect(log).toEqual(['beforeValidate', 'validate']);
  });

  it('beforeSave returning false vetoes with a base error', async () => {
    behaviour.vetoSave = true;
    const widget = await Widget.create({ teamId: 1, slug: 'vetoed' });
    expect(widget.isNewRecord).toBe(true);
    expect(widget.errors).toEqual({ base: ['Widget could not be saved'] });
    expect(await Widget.count()).toBe(0);
  });

  it('an error in afterSave rolls the write back and restores the record', async () => {
    behaviour.failAfterSave = true;
    const widget = Widget.build({ teamId: 1, slug: 'rollback' });
    await expect(widget.save()).rejects.toThrow('afterSave failed');
    expect(widget.isNewRecord).toBe(true);
    expect(widget.id).toBeUndefined();
    expect(await Widget.count()).toBe(0);
    expect(log).not.toContain('afterCommit:1');
  });

  it('afterCommit waits for the outermost transaction and never runs after a rollback', async () => {
    await transaction(async () => {
      await Widget.create({ teamId: 1, slug: 'kept' });
      expect(log.some((entry) => entry.startsWith('afterCommit'))).toBe(false);
    });
    expect(log).toContain('afterCommit:1');

    log.length = 0;
    await expect(
      transaction(async () => {
        await Widget.create({ teamId: 1, slug: 'lost' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(log).toContain('afterSave:2');
    expect(log.some((entry) => entry.startsWith('afterCommit'))).toBe(false);
    expect(await Widget.where({ slug: 'lost' }).exists()).toBe(false);

    // a rolled-back savepoint drops its callbacks even when the outer transaction commits
    log.length = 0;
    await transaction(async () => {
      await Widget.create({ teamId: 1, slug: 'outer' });
      await transaction(async () => {
        await Widget.create({ teamId: 1, slug: 'inner' });
        throw new Error('inner rollback');
      }).catch(() => undefined);
    });
    expect(log.filter((entry) => entry.startsWith('afterCommit'))).toEqual(['afterCommit:3']);
    expect(await Widget.order('id').pluck('slug')).toEqual(['kept', 'outer']);
  });

  it('a model without hooks saves in one statement (no transaction)', async () => {
    const Plain = class extends Model(widgets, { name: 'PlainWidget' }) {};
    const { count, statements } = await countQueries(async () => await Plain.create({ teamId: 1, slug: 'plain' }));
    expect(count).toBe(1);
    expect(statements[0]).toMatch(/^insert into "widgets"/);
  });

  it('a failing save inside a transaction does not poison it (savepoint)', async () => {
    await transaction(async () => {
      await Widget.create({ teamId: 1, slug: 'dup' });
      const duplicate = await Widget.create({ teamId: 1, slug: 'dup' });
      expect(duplicate.errors).toEqual({ slug: ['has already been taken'] });
      await Widget.create({ teamId: 1, slug: 'after' });
    });
    expect(await Widget.order('id').pluck('slug')).toEqual(['dup', 'after']);
  });
});
