/**
 * The routes a resource declaration brings: the five CRUD actions of `@crud`
 * (less its `except`), or get / findOrCreate / update of `@singleton`. A controller method of the
 * same name overrides an action's body, never its route.
 */
import type { NewAction } from './compileController';
import type { ControllerMetadata } from './metadata';

export const CRUD_ROUTES = [
  { name: 'index', kind: 'index', httpMethod: 'GET', member: false, type: 'query' },
  { name: 'get', kind: 'get', httpMethod: 'GET', member: true, type: 'query' },
  { name: 'create', kind: 'create', httpMethod: 'POST', member: false, type: 'mutation' },
  { name: 'update', kind: 'update', httpMethod: 'PATCH', member: true, type: 'mutation' },
  { name: 'destroy', kind: 'destroy', httpMethod: 'DELETE', member: true, type: 'mutation' },
] as const;

export function defaultActionRoutes(resource: ControllerMetadata['resource'], basePath: string): NewAction[] {
  if (resource?.kind === 'crud') {
    const except = new Set<string>(resource.config.except ?? []);
    return CRUD_ROUTES.filter((route) => !except.has(route.name)).map((route) => ({
      name: route.name,
      kind: route.kind,
      httpMethod: route.httpMethod,
      path: route.member ? `${basePath}/:id` : basePath,
      procedureType: route.type,
      clientName: route.name,
      loadsRecord: route.member,
    }));
  }
  if (resource?.kind !== 'singleton') return [];
  const common = { path: basePath, loadsRecord: false };
  const routes: NewAction[] = [
    { ...common, name: 'get', kind: 'singletonGet', httpMethod: 'GET', procedureType: 'query', clientName: 'get' },
  ];
  if (resource.config.findOrCreate) {
    routes.push({
      ...common,
      name: 'findOrCreate',
      kind: 'singletonCreate',
      httpMethod: 'POST',
      procedureType: 'mutation',
      clientName: 'findOrCreate',
    });
  }
  routes.push({
    ...common,
    name: 'update',
    kind: 'singletonUpdate',
    httpMethod: 'PATCH',
    procedureType: 'mutation',
    clientName: 'update',
  });
  return routes;
}
