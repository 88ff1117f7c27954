/**
 * An in-memory stand-in for a model, enough for the pipeline's unit tests
 * (dispatch order, hooks, rescue, default actions) to run without a database.
 * It keeps a log of what the pipeline asked for, so tests can assert order.
 */
import { integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { RecordNotFound } from '../../model/RecordNotFound';
import type { ModelLike } from '../types';

export const widgets = pgTable('widgets', {
  id: serial('id').primaryKey(),
  teamId: integer('team_id').notNull(),
  name: varchar('name', { length: 20 }).notNull(),
});

export interface FakeRecord {
  id: number;
  teamId: number;
  name: string;
  errors: Record<string, string[]>;
  assign(values: Record<string, unknown>): FakeRecord;
  save(): Promise<boolean>;
  isValid(): Promise<boolean>;
  destroy(): Promise<boolean>;
  toJSON(): Record<string, unknown>;
}

export interface FakeModel {
  model: ModelLike;
  /** `where`, `find <id>`, `build`, `save`, `destroy` in call order. */
  log: string[];
  rows: Map<number, FakeRecord>;
}

/** `rows` by id; `vetoDestroy` makes destroy() return false with a base error, as a beforeDestroy veto does. */
export function fakeModel(rows: { id: number; teamId: number; name: string }[], vetoDestroy = false): FakeModel {
  const log: string[] = [];
  const store = new Map<number, FakeRecord>();
  const record = (values: { id: number; teamId: number; name: string }): FakeRecord => ({
    ...values,
    errors: {},
    assign(change) {
      Object.assign(this, change);
      return this;
    },
    async save() {
      log.push('save');
      if (this.name === '') this.errors = { name: ["can't be blank"] };
      return this.name !== '';
    },
    async isValid() {
      return this.name !== '';
    },
    async destroy() {
      log.push('destroy');
      if (vetoDestroy) this.errors = { base: ['is still in use'] };
      return !vetoDestroy;
    },
    toJSON() {
      return { id: this.id, teamId: this.teamId, name: this.name };
    },
  });
  for (const row of rows) store.set(row.id, record(row));
  // Like a real relation, equality conditions (the scope) override what build() is given.
  const scoped: Record<string, unknown> = {};
  const relation = {
    where(conditions: Record<string, unknown>) {
      log.push(`where ${JSON.stringify(conditions)}`);
      Object.assign(scoped, conditions);
      return relation;
    },
    includes: () => relation,
    async find(id: number) {
      log.push(`find ${id}`);
      const found = store.get(id);
      if (!found) throw new RecordNotFound('Widget', id);
      return found;
    },
    build(values: Record<string, unknown>) {
      log.push('build');
      return record({ id: store.size + 1, teamId: 0, name: '', ...values, ...scoped } as never);
    },
  };
  const model = {
    modelName: 'Widget',
    table: widgets,
    attributeNames: ['id', 'teamId', 'name'],
    scopeNames: [],
    associationNames: [],
    computedNames: [],
    all: () => relation,
  } as unknown as ModelLike;
  return { model, log, rows: store };
}
