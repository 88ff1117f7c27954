/**
 * `generateOpenApi({ routers, info, securitySchemes })`: the OpenAPI 3.1
 * description of a REST API built with `buildRouter`/`mergeRouters`, read
 * from the compiled controllers the router dispatches on (no second
 * declaration). Deterministic: paths, schemas and tags are sorted and nothing
 * depends on time or machine, so the same controllers give the same bytes.
 *
 * Document a controller with `@apiDoc({ tag, description, actions })` and an
 * action with `summary`, `description`, `output` and `errorStatuses` in its
 * `@action` / `@mutation` options (docs/openapi.md).
 */
import type { BuiltRouter } from '../http/buildRouter';
import { ERROR_SCHEMA } from './errorStatuses';
import type { JsonSchema } from './jsonSchema';
import { type Operation, operationFor } from './operationFor';
import { SchemaRegistry } from './SchemaRegistry';

export interface OpenApiOptions {
  routers: BuiltRouter;
  info: { title: string; version: string; description?: string };
  /** Where the API handler is mounted (createApiHandler's `prefix`). Default `/api`. */
  prefix?: string;
  /**
   * The app's authentication (`components.securitySchemes`); any one of them
   * is accepted on every operation, which then also documents 401 and 403.
   */
  securitySchemes?: Record<string, JsonSchema>;
}

export type OpenApiDocument = {
  openapi: '3.1.0';
  paths: Record<string, Record<string, { operationId: string; [key: string]: unknown }>>;
  [key: string]: unknown;
};

const METHOD_ORDER = ['get', 'post', 'patch', 'delete'];
const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function generateOpenApi(options: OpenApiOptions): OpenApiDocument {
  const registry = new SchemaRegistry();
  const schemes = options.securitySchemes ?? {};
  const authenticated = Object.keys(schemes).length > 0;
  const security = Object.keys(schemes)
    .sort(byKey)
    .map((name) => ({ [name]: [] }));
  const operations: Operation[] = options.routers.routes.map((route) => {
    const described = operationFor(route.controller, route.action, registry, authenticated);
    // `{}` says the credentials are optional: `@allowAnonymous` lets callers without them in.
    if (authenticated && route.action.allowAnonymous) described.operation.security = [{}, ...security];
    return described;
  });

  const paths: OpenApiDocument['paths'] = {};
  const seen = new Set<string>();
  for (const { path, method, operation } of [...operations].sort((a, b) => byKey(a.path, b.path))) {
    const id = operation.operationId as string;
    if (seen.has(id)) throw new Error(`generateOpenApi: two operations are named ${id}`);
    seen.add(id);
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[method] = operation;
  }
  for (const [path, methods] of Object.entries(paths)) {
    paths[path] = Object.fromEntries(
      Object.entries(methods).sort(([a], [b]) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b)),
    ) as (typeof paths)[string];
  }

  const tags = new Map<string, string | undefined>();
  for (const { controller } of options.routers.routes) {
    tags.set(controller.docs.tag ?? controller.name, controller.docs.description);
  }
  const schemas = Object.fromEntries(
    [...registry.schemas, ['Error', ERROR_SCHEMA] as const].sort(([a], [b]) => byKey(a, b)),
  );

  return {
    openapi: '3.1.0',
    info: options.info,
    servers: [{ url: (options.prefix ?? '/api').replace(/\/+$/, '') }],
    // Without schemes `[]` says "anonymous" outright rather than leave readers guessing.
    security,
    tags: [...tags]
      .sort(([a], [b]) => byKey(a, b))
      .map(([name, description]) => ({ name, ...(description ? { description } : {}) })),
    paths,
    components: {
      schemas,
      ...(authenticated
        ? { securitySchemes: Object.fromEntries(Object.entries(schemes).sort(([a], [b]) => byKey(a, b))) }
        : {}),
    },
  };
}
