/**
 * Permitted references stay in the tenant. With `createApiHandler({
 * tenantColumn: 'teamId' })`, a create or update that sets a permitted
 * `belongsTo` key (`projectId`) to a record of another team is refused as if
 * that record did not exist: 422, "must exist" on the field. Otherwise a
 * member could link a task to another team's project, and an `include` of it
 * would show that project. A model's own `validate()` may say it better (the
 * scaffold's models do): its message wins for the field.
 *
 * Cost: one `exists` statement per such key the body sets; which keys count is
 * worked out once, at boot (server/http/checkTenantColumn.ts).
 */
import type { BelongsTo, ModelClass } from '../model';
import type { CompiledController } from './compileController';
import type { PermittedWrite } from './writeRules';

interface TenantReference {
  foreignKey: string;
  target: ModelClass;
}

interface Tenancy {
  column: string;
  references: readonly TenantReference[];
}

const tenancies = new WeakMap<CompiledController, Tenancy>();

/** The keys a client may write: create and update `permit`s of `@crud`, update of `@singleton`. */
function writableFields(compiled: CompiledController): Set<string> {
  const resource = compiled.resource;
  if (!resource) return new Set();
  const config = resource.config;
  const permits =
    resource.kind === 'crud' ? [resource.config.create?.permit, config.update?.permit] : [config.update?.permit];
  return new Set(permits.flatMap((permit) => permit ?? []));
}

/** At boot: remembers which permitted references of a controller scoped by `column` point at `column`'s rows. */
export function recordTenantReferences(compiled: CompiledController, column: string): void {
  const model = compiled.model;
  if (!model || !compiled.scopes.includes(column)) return;
  const writable = writableFields(compiled);
  const references: TenantReference[] = [];
  for (const [name, association] of model.meta.associations(model)) {
    if (association.kind !== 'belongsTo') continue;
    const foreignKey = (association as BelongsTo).options.foreignKey ?? `${name}Id`;
    const target = association.shape?.(model, name).target;
    if (target?.attributeNames.includes(column) && writable.has(foreignKey)) references.push({ foreignKey, target });
  }
  if (references.length > 0) tenancies.set(compiled, { column, references });
}

/** Moves a permitted reference to another tenant's record from the write's values to its field errors. */
export async function refuseOtherTenantsReferences(
  compiled: CompiledController,
  write: PermittedWrite,
  scope: Record<string, number>,
): Promise<void> {
  const tenancy = tenancies.get(compiled);
  if (!tenancy) return;
  for (const { foreignKey, target } of tenancy.references) {
    const id = write.attributes[foreignKey];
    if (id === null || id === undefined) continue;
    const owned = target.where({ id, [tenancy.column]: scope[tenancy.column] } as never);
    if (await owned.exists()) continue;
    delete write.attributes[foreignKey];
    write.rejected[foreignKey] = id;
    write.invalid[foreignKey] = ['must exist'];
  }
}
