/**
 * `keepReferencesInTenant('teamId')`: a record that belongs to a tenant may
 * point only at rows of the same tenant. On every save, a `belongsTo` key
 * (`campaignId`) whose target model has the tenant column too must name a
 * row with the record's own `teamId`; otherwise the save fails with "must
 * exist" on the key, as if that row did not exist.
 *
 * Why in the model layer: the controllers' CRUD is not the only writer. An
 * app's own `@action`, a job or a script that sets `post.campaignId` from its
 * input would otherwise link a team's post to another team's campaign, and
 * every `include` of it would then show that campaign to the wrong team.
 *
 * - Checked when the record is new, or the key or the tenant column changed;
 *   an unchanged reference costs nothing. One `exists` statement per checked
 *   key, before the write (in its transaction when it has one: a save with
 *   no hooks adds none, since a row does not change teams and the foreign key
 *   still stops a target deleted meanwhile).
 * - A model's own `validate()` may say it better (naming the resource, say):
 *   when the key already has an error, this check is skipped.
 * - References to models without the tenant column (users, the tenants
 *   themselves) are not touched.
 * - Reads are the app's: `Model.find(id)` outside a scoped relation finds any
 *   tenant's row. Controllers read through their `@scope`.
 *
 * The app turns it on once, in its composition root (backend/app.ts);
 * `createApiHandler({ tenantColumn })` turns it on as well.
 */
import type { BelongsTo } from './belongsTo';
import type { ModelBase } from './ModelBase';
import type { ModelClass } from './ModelClass';
import { registerModelPlugin } from './modelPlugins';
import { STATE } from './recordState';

interface TenantReference {
  foreignKey: string;
  target: ModelClass;
}

const PLUGIN = 'tenant references';
let tenantColumn: string | undefined;
/** Per model, worked out at its first save (associations resolve once every model is declared). */
const referencesOf = new WeakMap<ModelClass, readonly TenantReference[]>();

export function keepReferencesInTenant(column: string): void {
  if (tenantColumn === column) return;
  if (tenantColumn !== undefined) {
    throw new Error(`keepReferencesInTenant('${column}'): the tenant column is already '${tenantColumn}'`);
  }
  tenantColumn = column;
  registerModelPlugin({
    name: PLUGIN,
    appliesTo: (model) => tenantReferences(model, column).length > 0,
    validate: (record) => refuseOtherTenantsReferences(record, column),
  });
}

function tenantReferences(model: ModelClass, column: string): readonly TenantReference[] {
  let references = referencesOf.get(model);
  if (references) return references;
  const found: TenantReference[] = [];
  if (model.attributeNames.includes(column)) {
    for (const [name, association] of model.meta.associations(model)) {
      if (association.kind !== 'belongsTo') continue;
      const target = association.shape?.(model, name).target;
      const foreignKey = (association as BelongsTo).options.foreignKey ?? `${name}Id`;
      if (target?.attributeNames.includes(column)) found.push({ foreignKey, target });
    }
  }
  references = found;
  referencesOf.set(model, references);
  return references;
}

async function refuseOtherTenantsReferences(record: ModelBase, column: string): Promise<void> {
  const model = record.constructor as ModelClass;
  const state = record[STATE];
  const tenantMoved = state.changed.has(column);
  let tenant: unknown;
  for (const { foreignKey, target } of tenantReferences(model, column)) {
    const id = state.attributes[foreignKey];
    // A null key links nothing; a SQL expression cannot be looked up before the write runs it.
    if (!['number', 'string', 'bigint'].includes(typeof id) || record.errors[foreignKey]) continue;
    if (state.persisted && !tenantMoved && !state.changed.has(foreignKey)) continue;
    tenant ??= await tenantOf(record, column);
    const owned = target.where({ id, [column]: tenant } as never);
    if (!(await owned.exists())) record.addError(foreignKey, 'must exist');
  }
}

/** The record's tenant; read from its row when it was loaded without that column (`select()`). */
async function tenantOf(record: ModelBase, column: string): Promise<unknown> {
  const attributes = record[STATE].attributes;
  if (Object.hasOwn(attributes, column) || !record.isPersisted) return attributes[column] ?? null;
  const model = record.constructor as ModelClass;
  const [value] = await model.where({ id: attributes.id } as never).pluck(column as never);
  return value ?? null;
}
