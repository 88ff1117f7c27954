/**
 * The record API every model inherits: attributes and dirty tracking, errors,
 * save/update/destroy/reload, loaded associations, toJSON; and the class-level
 * entry points (`Campaign.where(...)`, `Campaign.find(id)`), which all start a
 * Relation. Declare models with `Model(table, options)` (Model.ts), not by
 * extending this class directly.
 */
// biome-ignore-all lint/complexity/noThisInStatic: static methods are polymorphic (`this` is the model class they are called on).
import type { SQL } from 'drizzle-orm';
import { transaction } from './connection';
import { destroyRecord } from './destroyRecord';
import type { ModelClass } from './ModelClass';
import type { ModelMeta } from './ModelMeta';
import { metaOf, metaOfClass } from './metaOf';
import { Relation } from './Relation';
import { newRecordState, type RecordState, STATE, sameValue } from './recordState';
import { checkRecord, saveRecord } from './saveRecord';
import { serializeRecord } from './serializeRecord';
import type { FieldErrors, JsonObject, OrderSpec, Page, PaginateOptions, WhereConditions } from './types';

export class ModelBase<A extends Record<string, unknown> = Record<string, unknown>> {
  /** Set by `Model()` on each declared model. */
  declare static readonly meta: ModelMeta;
  declare [STATE]: RecordState;

  /** Field errors of the last save/destroy: `{ name: ["can't be blank"], base: [...] }`. Plain and JSON-serialisable. */
  errors: FieldErrors;

  constructor(attributes?: Partial<A>) {
    this[STATE] = newRecordState();
    this.errors = {};
    if (attributes) this.assign(attributes);
  }

  // ---- class-level API --------------------------------------------------

  static get modelName(): string {
    return metaOfClass(this).name;
  }
  static get table(): ModelMeta['table'] {
    return metaOfClass(this).table;
  }
  /** camelCase attribute names (the drizzle property keys of the table's columns). */
  static get attributeNames(): readonly string[] {
    return metaOfClass(this).attributeNames;
  }
  static get scopeNames(): readonly string[] {
    return Object.keys(metaOfClass(this).options.scopes ?? {});
  }
  static get associationNames(): readonly string[] {
    return [...metaOfClass(this).associations(this).keys()];
  }
  /** Names of the `computed` option, each checked to have its getter (throws naming the model when one has none). */
  static get computedNames(): readonly string[] {
    return metaOfClass(this).computedOf(this);
  }
  static get primaryKey(): 'id' {
    return 'id';
  }

  static all<M extends ModelClass>(this: M): Relation<InstanceType<M>> {
    return new Relation(this as unknown as ModelClass<InstanceType<M>>);
  }
  static where<M extends ModelClass>(
    this: M,
    conditions: WhereConditions<AttrsOfInstance<M>> | SQL | undefined,
  ): Relation<InstanceType<M>> {
    return this.all().where(conditions as never);
  }
  static scope<M extends ModelClass>(this: M, name: string, ...args: unknown[]): Relation<InstanceType<M>> {
    return this.all().scope(name, ...args);
  }
  static order<M extends ModelClass>(
    this: M,
    spec: OrderSpec<keyof AttrsOfInstance<M> & string>,
  ): Relation<InstanceType<M>> {
    return this.all().order(spec);
  }
  static includes<M extends ModelClass>(this: M, ...names: string[]): Relation<InstanceType<M>> {
    return this.all().includes(...names);
  }
  /** Throws RecordNotFound (carrying the model name and id) when absent. One statement. */
  static find<M extends ModelClass>(this: M, id: number | string): Promise<InstanceType<M>> {
    return this.all().find(id);
  }
  /** The first record matching `conditions`, or null. */
  static findBy<M extends ModelClass>(
    this: M,
    conditions: WhereConditions<AttrsOfInstance<M>> | SQL,
  ): Promise<InstanceType<M> | null> {
    return this.all().findBy(conditions);
  }
  static first<M extends ModelClass>(this: M): Promise<InstanceType<M> | null> {
    return this.all().first();
  }
  static count<M extends ModelClass>(this: M): Promise<number> {
    return this.all().count();
  }
  static limit<M extends ModelClass>(this: M, n: number): Relation<InstanceType<M>> {
    return this.all().limit(n);
  }
  static exists<M extends ModelClass>(this: M): Promise<boolean> {
    return this.all().exists();
  }
  static pluck<M extends ModelClass, F extends keyof AttrsOfInstance<M> & string>(
    this: M,
    field: F,
  ): Promise<AttrsOfInstance<M>[F][]> {
    return this.all().pluck(field);
  }
  static paginate<M extends ModelClass>(this: M, options: PaginateOptions): Promise<Page<InstanceType<M>>> {
    return this.all().paginate(options);
  }
  /** One UPDATE of every row; no validations or hooks. */
  static updateAll<M extends ModelClass>(this: M, values: Partial<AttrsOfInstance<M>>): Promise<number> {
    return this.all().updateAll(values);
  }
  /** One DELETE of every row; no hooks. */
  static deleteAll<M extends ModelClass>(this: M): Promise<number> {
    return this.all().deleteAll();
  }
  /** A new, unsaved record. */
  static build<M extends ModelClass>(this: M, attributes?: Partial<AttrsOfInstance<M>>): InstanceType<M> {
    return this.all().build(attributes);
  }
  /** build + save. Returns the record: check `record.errors` / `record.isNewRecord`; never throws on validation. */
  static create<M extends ModelClass>(this: M, attributes?: Partial<AttrsOfInstance<M>>): Promise<InstanceType<M>> {
    return this.all().create(attributes);
  }
  /** Race-safe find-or-create: needs a unique index on the `conditions` columns. */
  static findOrCreateBy<M extends ModelClass>(
    this: M,
    conditions: Partial<AttrsOfInstance<M>>,
    defaults?: Partial<AttrsOfInstance<M>>,
  ): Promise<InstanceType<M>> {
    return this.all().findOrCreateBy(conditions, defaults);
  }
  /** Runs `fn` in a transaction (a savepoint when nested); model calls inside join it. */
  static transaction<T>(fn: () => Promise<T>): Promise<T> {
    return transaction(fn);
  }
  /** A persisted record from a database row (keys are attribute names). */
  static instantiate<M extends ModelClass>(this: M, row: Record<string, unknown>): InstanceType<M> {
    const record = new this() as InstanceType<M>;
    const state = record[STATE];
    state.attributes = { ...row };
    state.persisted = true;
    return record;
  }

  // ---- record API ---------------------------------------------------------

  /** True until the record has been inserted. */
  get isNewRecord(): boolean {
    return !this[STATE].persisted && !this[STATE].destroyed;
  }
  get isPersisted(): boolean {
    return this[STATE].persisted;
  }
  get isDestroyed(): boolean {
    return this[STATE].destroyed;
  }

  /** The loaded attributes as a plain object (a copy). */
  get attributes(): A {
    return { ...this[STATE].attributes } as A;
  }

  readAttribute(name: string): unknown {
    return this[STATE].attributes[name];
  }

  /** Sets an attribute and marks it changed when the value differs. Throws on an unknown name. */
  writeAttribute(name: string, value: unknown): void {
    metaOf(this).column(name);
    const state = this[STATE];
    if (state.persisted && Object.hasOwn(state.attributes, name) && sameValue(state.attributes[name], value)) return;
    state.attributes[name] = value;
    state.changed.add(name);
  }

  /**
   * Assigns several attributes (undefined values are skipped). Keys that are
   * not columns go through a setter the model defines (virtual attributes such
   * as `password`), else throw: a typo must not be dropped silently here.
   */
  assign(attributes: Partial<A>): this {
    const meta = metaOf(this);
    for (const [name, value] of Object.entries(attributes)) {
      if (value === undefined) continue;
      if (Object.hasOwn(meta.columns, name)) this.writeAttribute(name, value);
      else if (hasSetter(this, name)) (this as Record<string, unknown>)[name] = value;
      else throw new Error(`${meta.name} has no attribute "${name}".`);
    }
    return this;
  }

  /** Names of attributes assigned with a new value since the last load/save. */
  changedAttributes(): string[] {
    return [...this[STATE].changed];
  }
  get hasChanges(): boolean {
    return this[STATE].changed.size > 0;
  }

  addError(field: string, message: string): void {
    const list = this.errors[field] ?? [];
    if (!list.includes(message)) list.push(message);
    this.errors[field] = list;
  }

  /**
   * Runs beforeValidate and the validations without writing; fills `errors`.
   * The controller uses it to report every field at once when some values
   * cannot even be written.
   */
  isValid(): Promise<boolean> {
    return checkRecord(this);
  }

  /** Validates, runs hooks and writes. False when invalid or vetoed (see `errors`). */
  save(): Promise<boolean> {
    return saveRecord(this);
  }

  /** assign + save; the UPDATE touches only the assigned, changed columns. */
  update(attributes: Partial<A>): Promise<boolean> {
    this.assign(attributes);
    return this.save();
  }

  /** Deletes the row. False (row kept, `errors.base` explains) when a beforeDestroy hook vetoes. */
  destroy(): Promise<boolean> {
    return destroyRecord(this);
  }

  /** Re-reads the row (throws RecordNotFound when gone); forgets changes and loaded associations. */
  async reload(): Promise<this> {
    const model = this.constructor as ModelClass;
    const fresh = await model.find(this.readAttribute('id') as number);
    const state = this[STATE];
    state.attributes = { ...fresh[STATE].attributes };
    state.changed.clear();
    state.associations.clear();
    return this;
  }

  /** A loaded association (or other nested data); throws when it was not loaded. */
  association<T = unknown>(name: string): T {
    const associations = this[STATE].associations;
    if (!associations.has(name)) {
      throw new Error(
        `${metaOf(this).name}#${name} is not loaded: use includes('${name}') or await record.load('${name}').`,
      );
    }
    return associations.get(name) as T;
  }
  setAssociation(name: string, value: unknown): void {
    this[STATE].associations.set(name, value);
  }
  isLoaded(name: string): boolean {
    return this[STATE].associations.has(name);
  }
  /** Loads associations for this one record (one statement each). */
  async load(...names: string[]): Promise<this> {
    await (this.constructor as ModelClass)
      .all()
      .includes(...names)
      .preload([this]);
    return this;
  }

  /** Plain object: attributes minus hidden ones, dates as ISO strings, computed fields, loaded associations nested. No I/O. */
  toJSON(): JsonObject {
    return serializeRecord(this, metaOf(this));
  }
}

type AttrsOfInstance<M extends ModelClass> = InstanceType<M> extends ModelBase<infer A> ? A : never;

function hasSetter(object: object, name: string): boolean {
  for (let proto = Object.getPrototypeOf(object); proto && proto !== ModelBase.prototype; ) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (descriptor) return typeof descriptor.set === 'function';
    proto = Object.getPrototypeOf(proto);
  }
  return false;
}
