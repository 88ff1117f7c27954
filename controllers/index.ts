/**
 * The app's API: every controller, merged into one router and served by one
 * handler under /api (app/api/[[...path]]/route.ts), REST and tRPC alike.
 *
 * Add a controller: create controllers/<Name>Controller.ts exporting a class
 * of that name and run `npm run gen` (it runs by itself before dev, build,
 * typecheck and test). The list of controllers is derived from the files
 * (controllers/controllers.gen.ts); the router, the typed clients and the
 * OpenAPI document all follow it.
 */

import { TENANT_COLUMN, wireApp } from '@/backend/app';
import { appOrigin } from '@/backend/appOrigin';
import { type AppContext, assertCheckedScopes, authorizeScope, createContext } from '@/backend/context';
import { rememberRequest } from '@/backend/requestOfContext';
import { buildRouter, createApiHandler, mergeRouters, type OpenApiDocument } from '@/server';
import { controllerClasses } from './controllers.gen';
import { createOpenApiDocument } from './openapi';

// The backend's parts first (backend/app.ts, the composition root): logger, storage, database, models.
wireApp();

export { controllerClasses };

export const api = mergeRouters(...controllerClasses.map((Controller) => buildRouter(Controller)));
// Every scope param must be one the guard checks: a mistake stops the app here, not on a request.
for (const { controller } of api.routes) assertCheckedScopes(controller.name, controller.scopes);

/**
 * The router's type, generated (controllers/client.gen.ts): the procedures are
 * built at run time, so `typeof api.router` would be `AnyRouter`.
 */
export type { AppRouter } from './client.gen';

let openApi: OpenApiDocument | undefined;
/** The OpenAPI 3.1 document of `api` (built on first use, then kept: it depends only on the code). */
export function openApiDocument(): OpenApiDocument {
  openApi ??= createOpenApiDocument(api);
  return openApi;
}

/** The request context, remembering its request for the actions that need it (links, rate limits). */
async function createRequestContext(request: Request): Promise<AppContext> {
  const context = await createContext(request);
  rememberRequest(context, request);
  return context;
}

export const handler = createApiHandler({
  routers: api,
  createContext: createRequestContext,
  authorizeScope,
  userIdOf: (context) => context.user?.id,
  // Cookie-carrying writes must come from APP_URL's origin (backend/appOrigin.ts).
  origin: appOrigin,
  // A team's rows carry teamId: a controller over such a model without @scope('teamId') would serve
  // every team's rows, so it stops the app at boot instead (the name lives in backend/app.ts).
  tenantColumn: TENANT_COLUMN,
});
