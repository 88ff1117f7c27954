/**
 * The default actions of `@crud` and `@singleton`. A controller method of the
 * same name replaces them (and still gets the pre-scoped `this.relation`).
 */

import type { ControllerParams } from './ControllerParams';
import { columnsOf, parseFilterValue } from './columnValues';
import type { ActionKind, CompiledController } from './compileController';
import { BadRequest, NotFound, toValidationError } from './errors';
import type { CrudConfig, SingletonConfig } from './metadata';
import type { Params } from './readParams';
import type { ControllerInstance, ModelLike, RecordLike, RelationLike, SortTerm } from './types';
import { autoSetValues, permittedAttributes, writeRecord } from './writeRules';

type DefaultAction = (controller: ControllerInstance, compiled: CompiledController) => Promise<unknown>;

function relationOf(controller: ControllerInstance): RelationLike {
  if (!controller.relation) throw new Error('Default actions need a model (@crud or @singleton)');
  return controller.relation;
}

function crudConfig(compiled: CompiledController): CrudConfig {
  return compiled.resource?.kind === 'crud' ? compiled.resource.config : {};
}

function singletonConfig(compiled: CompiledController): SingletonConfig {
  if (compiled.resource?.kind !== 'singleton') throw new Error('not a singleton');
  return compiled.resource.config;
}

function loadedRecord(controller: ControllerInstance): RecordLike {
  if (!controller.record) throw new Error('record actions run after the record is loaded');
  return controller.record;
}

/** Filters arrive as text; each value is parsed for its column's type (400 when it does not fit). */
function applyFilters(relation: RelationLike, model: ModelLike, filter: Record<string, string | string[]>) {
  const columns = columnsOf(model);
  const conditions: Record<string, unknown> = {};
  const errors: Record<string, string[]> = {};
  for (const [field, raw] of Object.entries(filter)) {
    const column = columns[field];
    const values = (Array.isArray(raw) ? raw : [raw]).map((text) =>
      column ? parseFilterValue(column, text) : { ok: false as const, message: 'is not filterable' },
    );
    const bad = values.find((value) => !value.ok);
    if (bad && !bad.ok) errors[`filter.${field}`] = [bad.message];
    else conditions[field] = Array.isArray(raw) ? values.map((v) => v.ok && v.value) : values[0]?.ok && values[0].value;
  }
  if (Object.keys(errors).length > 0) throw new BadRequest('Invalid filter', errors);
  return Object.keys(conditions).length > 0 ? relation.where(conditions) : relation;
}

async function index(controller: ControllerInstance, compiled: CompiledController) {
  const config = crudConfig(compiled).index ?? {};
  const params = controller.params as Params & {
    page: number;
    perPage: number;
    sort: SortTerm[];
    filter: Record<string, string | string[]>;
    scopes: string[];
  };
  let relation = relationOf(controller);
  for (const name of params.scopes) relation = relation.scope(name);
  for (const name of config.paramScopes ?? []) {
    const value = params[name];
    if (typeof value === 'string' && value !== '') relation = relation.scope(name, value);
  }
  relation = applyFilters(relation, compiled.model as ModelLike, params.filter).order(params.sort);
  if (config.include?.length) relation = relation.includes(...config.include);
  return relation.paginate({ page: params.page, perPage: params.perPage, countLimit: config.countLimit });
}

async function create(controller: ControllerInstance, compiled: CompiledController) {
  const config = crudConfig(compiled).create ?? {};
  const data = (controller.params as Params).data ?? {};
  const write = permittedAttributes(compiled.model as ModelLike, data, config.permit, compiled.scopes);
  const forced = autoSetValues(config.autoSet, controller.context);
  return writeRecord((values) => relationOf(controller).build(values), write, forced);
}

async function update(controller: ControllerInstance, compiled: CompiledController) {
  const permit = crudConfig(compiled).update?.permit;
  const data = (controller.params as Params).data ?? {};
  const record = loadedRecord(controller);
  const write = permittedAttributes(compiled.model as ModelLike, data, permit, compiled.scopes);
  return writeRecord((values) => record.assign(values), write);
}

async function destroy(controller: ControllerInstance) {
  const record = loadedRecord(controller);
  if (!(await record.destroy())) {
    const errors = Object.keys(record.errors).length > 0 ? record.errors : { base: ['could not be destroyed'] };
    throw toValidationError(errors);
  }
  return { success: true };
}

function singletonRelation(controller: ControllerInstance, compiled: CompiledController) {
  const config = singletonConfig(compiled);
  // The pipeline filled params (readParams); its shape is ControllerParams.
  const where = config.findBy(controller.context, controller.params as unknown as ControllerParams);
  return { config, where, relation: relationOf(controller).where(where) };
}

async function singletonGet(controller: ControllerInstance, compiled: CompiledController) {
  const { config, relation } = singletonRelation(controller, compiled);
  const include = config.get?.include ?? [];
  return (include.length ? relation.includes(...include) : relation).first();
}

async function singletonCreate(controller: ControllerInstance, compiled: CompiledController) {
  const { config, where } = singletonRelation(controller, compiled);
  return relationOf(controller).findOrCreateBy(where, config.defaultValues ?? {});
}

async function singletonUpdate(controller: ControllerInstance, compiled: CompiledController) {
  const { config, relation } = singletonRelation(controller, compiled);
  const record = await relation.first();
  if (!record) throw new NotFound(compiled.model?.modelName);
  const data = (controller.params as Params).data ?? {};
  const permit = config.update?.permit;
  const write = permittedAttributes(compiled.model as ModelLike, data, permit, compiled.scopes);
  return writeRecord((values) => record.assign(values), write);
}

export const DEFAULT_ACTIONS: Partial<Record<ActionKind, DefaultAction>> = {
  index,
  get: async (controller) => loadedRecord(controller),
  create,
  update,
  destroy,
  singletonGet,
  singletonCreate,
  singletonUpdate,
};
