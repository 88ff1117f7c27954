/**
 * The tenant check behind `createApiHandler({ tenantColumn })`. The framework
 * knows nothing of the app's tenants; the app names the column that says
 * which tenant owns a row (`teamId` in the template), and every controller
 * whose model has that column must be scoped by it. Without the `@scope`, its
 * index and record routes would read and write every tenant's rows, and the
 * app's scope guard would never run for it. It also keeps every record's
 * references within its tenant, whoever writes them (model/tenantReferences.ts).
 */
import type { CompiledController } from '../controller/compileController';
import { scopeSegment } from '../controller/naming';
import { keepReferencesInTenant } from '../model';
import type { RouteRecord } from './buildRouter';

export function checkTenantColumn(routes: readonly RouteRecord[], column: string): void {
  try {
    scopeSegment(column);
  } catch (error) {
    throw new Error(
      `createApiHandler: tenantColumn '${column}' must be a field @scope accepts, a camelCase column name ending in "Id" (e.g. 'teamId')`,
      { cause: error },
    );
  }
  keepReferencesInTenant(column);
  const controllers = new Set<CompiledController>(routes.map((route) => route.controller));
  for (const controller of controllers) {
    const { model, scopes, name } = controller;
    if (model?.attributeNames.includes(column) && !scopes.includes(column)) {
      throw new Error(
        `${name}: its model ${model.modelName} has the tenant column "${column}", but the controller is not scoped by it, so it would serve every tenant's rows; add @scope('${column}')`,
      );
    }
  }
}
