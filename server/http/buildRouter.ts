/**
 * `buildRouter(Controller)` compiles a controller into a tRPC procedure tree
 * and REST route records; `mergeRouters(...)` combines several. Both
 * transports call the same `dispatch()`.
 */
import type { AnyProcedure, AnyRouter } from '@trpc/server';
import { assertStorableStrings } from '../controller/assertStorableStrings';
import {
  type CompiledAction,
  type CompiledController,
  type ControllerClass,
  compileController,
} from '../controller/compileController';
import { dispatch } from '../controller/dispatch';
import { BadRequest } from '../controller/errors';
import { scopeGuardOf } from './scopeGuards';
import { baseProcedure, type ProcedureBuilder, t, toTRPCError } from './trpc';

/** One REST route: what the REST adapter matches requests against. */
export interface RouteRecord {
  method: CompiledAction['httpMethod'];
  path: string;
  controller: CompiledController;
  action: CompiledAction;
}

export interface BuiltRouter {
  router: AnyRouter;
  routes: RouteRecord[];
}

export interface ControllerRouter extends BuiltRouter {
  /** `<scope_prefix>/<resource>`, e.g. `/teams/:teamId/campaigns`. */
  basePath: string;
}

/** Flat `teams.campaigns.index` -> procedure maps, kept for merging. */
const flatProcedures = new WeakMap<AnyRouter, Record<string, AnyProcedure>>();

function readInput(raw: unknown): Record<string, unknown> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw new BadRequest('Invalid input', { input: ['must be an object'] });
  assertStorableStrings(raw, 'input');
  return raw as Record<string, unknown>;
}

function toProcedure(builder: ProcedureBuilder, compiled: CompiledController, action: CompiledAction): AnyProcedure {
  const procedure = builder.input((raw: unknown) => raw);
  const resolve = async ({ ctx, input }: { ctx: object; input: unknown }) => {
    try {
      const params = readInput(input);
      const authorizeScope = scopeGuardOf(ctx, { required: compiled.scopes.length > 0 });
      return await dispatch(
        compiled,
        action,
        { transport: 'trpc', params, body: params },
        { context: ctx, authorizeScope },
      );
    } catch (error) {
      throw toTRPCError(error);
    }
  };
  return action.procedureType === 'query' ? procedure.query(resolve) : procedure.mutation(resolve);
}

function nest(flat: Record<string, AnyProcedure>): AnyRouter {
  const root: Record<string, unknown> = {};
  for (const [key, procedure] of Object.entries(flat)) {
    const parts = key.split('.');
    const last = parts.pop() as string;
    let node = root;
    for (const part of parts) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node[last] = procedure;
  }
  // biome-ignore lint/suspicious/noExplicitAny: the record is built at run time; its static type comes from codegen.
  const router = t.router(root as any);
  flatProcedures.set(router, flat);
  return router;
}

export function buildRouter(
  Controller: ControllerClass,
  procedure: ProcedureBuilder = baseProcedure,
): ControllerRouter {
  const compiled = compileController(Controller);
  const flat: Record<string, AnyProcedure> = {};
  for (const action of compiled.actions) flat[action.procedureKey.join('.')] = toProcedure(procedure, compiled, action);
  const routes = compiled.actions.map((action) => ({
    method: action.httpMethod,
    path: action.path,
    controller: compiled,
    action,
  }));
  return { router: nest(flat), routes, basePath: compiled.basePath };
}

/** Combines routers; a tRPC key or REST route declared twice is a boot error. */
export function mergeRouters(...results: BuiltRouter[]): BuiltRouter {
  const flat: Record<string, AnyProcedure> = {};
  const procedureOwners = new Map<string, string>();
  const routes: RouteRecord[] = [];
  const seen = new Map<string, string>();
  for (const result of results) {
    const name = result.routes[0]?.controller.name ?? 'a controller';
    for (const [key, procedure] of Object.entries(flatProcedures.get(result.router) ?? {})) {
      const owner = procedureOwners.get(key);
      if (owner) throw new Error(`mergeRouters: ${name} and ${owner} both define the tRPC procedure "${key}"`);
      procedureOwners.set(key, name);
      flat[key] = procedure;
    }
    for (const route of result.routes) {
      const signature = `${route.method} ${route.path.replace(/:\w+/g, ':')}`;
      const owner = seen.get(signature);
      if (owner)
        throw new Error(`mergeRouters: ${route.controller.name} and ${owner} both route ${route.method} ${route.path}`);
      seen.set(signature, route.controller.name);
      routes.push(route);
    }
  }
  return { router: nest(flat), routes };
}
