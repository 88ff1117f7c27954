import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeTestDatabase } from '../testing/testDatabase';
import { db, transaction } from './connection';
import { Model } from './Model';
import { countQueries } from './queryCounter';
import { Author, Book, createFixtureTables, widgets } from './testing/fixtures';

afterAll(closeTestDatabase);
beforeAll(createFixtureTables);

const log: string[] = [];

class Widget extends Model(widgets, { name: 'Widget' }) {
  beforeDestroy(): boolean | undefined {
    log.push('beforeDestroy');
    if (this.name === 'locked') {
      this.addError('base', 'Locked widgets cannot be deleted');
      return false;
    }
    if (this.name === 'silent-veto') return false;
    if (this.name === 'explodes') throw new Error('beforeDestroy failed');
    return undefined;
  }
  afterDestroy(): void {
    log.push(`afterDestroy:${this.id}`);
  }
  afterCommit(): void {
    log.push(`afterCommit:${this.isDestroyed ? 'destroyed' : 'saved'}`);
  }
}

beforeEach(async () => {
  await db().execute(sql`truncate widgets, authors, books, profiles restart identity cascade`);
  log.length = 0;
});

describe('destroy', () => {
  it('runs beforeDestroy, deletes, runs afterDestroy and afterCommit', async () => {
    const widget = await Widget.create({ teamId: 1, slug: 'a' });
    log.length = 0;
    expect(await widget.destroy()).toBe(true);
    expect(log).toEqual(['beforeDestroy', 'afterDestroy:1', 'afterCommit:destroyed']);
    expect(await Widget.count()).toBe(0);
    expect(widget.isDestroyed).toBe(true);
    expect(widget.isNewRecord).toBe(false);
    await expect(widget.save()).rejects.toThrow(/destroyed/);
  });

  it('a vetoing beforeDestroy keeps the row; errors.base explains', async () => {
    const locked = await Widget.create({ teamId: 1, slug: 'locked', name: 'locked' });
    expect(await locked.destroy()).toBe(false);
    expect(locked.errors).toEqual({ base: ['Locked widgets cannot be deleted'] });
    expect(locked.isDestroyed).toBe(false);
    expect(await Widget.where({ id: locked.id }).exists()).toBe(true);

    const silent = await Widget.create({ teamId: 1, slug: 'silent', name: 'silent-veto' });
    expect(await silent.destroy()).toBe(false);
    expect(silent.errors).toEqual({ base: ['Widget cannot be deleted'] });
    expect(await Widget.where({ id: silent.id }).exists()).toBe(true);
    expect(log).not.toContain('afterCommit:destroyed');
  });

  it('a throwing beforeDestroy keeps the row and propagates', async () => {
    const widget = await Widget.create({ teamId: 1, slug: 'boom', name: 'explodes' });
    await expect(widget.destroy()).rejects.toThrow('beforeDestroy failed');
    expect(await Widget.where({ id: widget.id }).exists()).toBe(true);
    expect(widget.isDestroyed).toBe(false);
  });

  it('a destroy rolled back by the caller keeps the row and skips afterCommit', async () => {
    const widget = await Widget.create({ teamId: 1, slug: 'rolled' });
    log.length = 0;
    await expect(
      transaction(async () => {
        expect(await widget.destroy()).toBe(true);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(log).toEqual(['beforeDestroy', 'afterDestroy:1']);
    expect(await Widget.where({ id: widget.id }).exists()).toBe(true);
  });

  it('a row still referenced by a foreign key becomes a base error', async () => {
    const author = await Author.create({ name: 'Ada', email: 'ada@example.test' });
    await Book.create({ authorId: author.id, title: 'Notes' });
    const { result, count } = await countQueries(async () => await author.destroy());
    expect(result).toBe(false);
    expect(count).toBe(1);
    expect(author.errors).toEqual({ base: ['Author is still referenced by books'] });
    expect(await Author.count()).toBe(1);
  });

  it('destroying a new record is a no-op', async () => {
    const widget = Widget.build({ teamId: 1, slug: 'new' });
    const { result, count } = await countQueries(async () => await widget.destroy());
    expect(result).toBe(true);
    expect(count).toBe(0);
  });
});
