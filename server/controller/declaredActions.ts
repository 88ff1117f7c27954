/**
 * The routes of a controller's `@action` and `@mutation` methods (parent
 * classes first). Explicit `@action` paths are resolved against the resource
 * path; a method name becomes a kebab-case segment.
 */
import type { Fail, NewAction } from './compileController';
import type { ControllerMetadata } from './metadata';
import { clientName, methodSegment, normalizeExplicitPath } from './naming';

export interface DeclaredActionsContext {
  resource: ControllerMetadata['resource'];
  basePath: string;
  resourcePath: string;
  hasMethod: (name: string) => boolean;
  fail: Fail;
  /** The default routes already taken: a method may not reuse their names. */
  defaults: readonly NewAction[];
}

export function declaredActions(chain: readonly ControllerMetadata[], context: DeclaredActionsContext): NewAction[] {
  const { resource, basePath, resourcePath, hasMethod, fail } = context;
  const actions: NewAction[] = [];
  for (const declaration of chain.flatMap((meta) => meta.methods)) {
    const { name } = declaration;
    if (!hasMethod(name)) fail(`@${declaration.kind} is on "${name}", which is not a method`);
    if ([...context.defaults, ...actions].some((existing) => existing.name === name)) {
      fail(`"${name}" is declared twice (or collides with a default action); rename the method`);
    }
    if (declaration.kind === 'mutation') {
      if (resource?.kind !== 'crud') fail(`@mutation ${name} needs @crud (it loads records from the model)`);
      const bulk = declaration.options.bulk === true;
      actions.push({
        name,
        kind: bulk ? 'bulkMutation' : 'mutation',
        httpMethod: 'POST',
        path: bulk ? `${basePath}/${methodSegment(name)}` : `${basePath}/:id/${methodSegment(name)}`,
        procedureType: 'mutation',
        clientName: clientName(name, 'mutation'),
        loadsRecord: !bulk,
        options: declaration.options,
      });
    } else {
      const load = declaration.options.load === true;
      if (load && resource?.kind !== 'crud') fail(`@action ${name} uses { load: true }, which needs @crud`);
      const segment = declaration.path ? normalizeExplicitPath(resourcePath, declaration.path) : methodSegment(name);
      actions.push({
        name,
        kind: 'action',
        httpMethod: declaration.httpMethod,
        path: load ? `${basePath}/:id/${segment}` : `${basePath}/${segment}`,
        procedureType: declaration.httpMethod === 'GET' ? 'query' : 'mutation',
        clientName: clientName(name, declaration.httpMethod === 'GET' ? 'query' : 'mutation'),
        loadsRecord: load,
        options: declaration.options,
      });
    }
  }
  return actions;
}
