/**
 * The app's tRPC router as a type (`AppRouter` in controllers/client.gen.ts):
 * procedures are built at run time from the controllers, so the generator
 * writes their tree and these helpers give each one its input and output,
 * read from the same per-controller API the typed clients use. An outside
 * TypeScript project gets a fully typed `createTRPCClient<AppRouter>(...)`.
 *
 * Type-only: nothing here exists at run time.
 */
import type {
  TRPC_ERROR_CODE_NUMBER,
  TRPCBuiltRouter,
  TRPCMutationProcedure,
  TRPCQueryProcedure,
  TRPCRouterRecord,
} from '@trpc/server';
import type { ErrorCode, FieldErrors } from '../controller/errors';
import type { ControllerApi, MethodDef } from './apiTypes';

/** `error.data` of the app's tRPC errors (the errorFormatter in server/http/trpc.ts). */
export interface TrpcErrorData {
  code: ErrorCode;
  httpStatus: number;
  path?: string;
  fields?: FieldErrors;
  /** On a 429: seconds until a retry may pass (also the Retry-After header). */
  retryAfter?: number;
}

/** Root types of the app's one `initTRPC` (no transformer: dates travel as ISO strings). */
export interface AppRootTypes {
  ctx: object;
  meta: object;
  errorShape: { code: TRPC_ERROR_CODE_NUMBER; message: string; data: TrpcErrorData };
  transformer: false;
}

type Defined<T> = Exclude<T, undefined>;

/** The flat tRPC input of a method (docs/controllers.md "Routes, names and input"): scope params + its shape. */
export type ProcedureInput<Scope, D extends MethodDef> = Scope &
  (D['shape'] extends 'none'
    ? unknown
    : D['shape'] extends 'index'
      ? Defined<D['input']>
      : D['shape'] extends 'id'
        ? { id: number }
        : D['shape'] extends 'ids'
          ? { ids: readonly number[] }
          : D['shape'] extends 'data'
            ? { data: D['input'] }
            : D['shape'] extends 'idData'
              ? { id: number; data: D['input'] }
              : D['shape'] extends 'input'
                ? Defined<D['input']>
                : D['shape'] extends 'idInput'
                  ? { id: number } & D['input']
                  : never);

type Def<Api extends ControllerApi, K extends keyof Api['methods']> = {
  input: ProcedureInput<Api['scope'], Api['methods'][K]>;
  output: Api['methods'][K]['output'];
  meta: object;
};

/** The procedure behind client method `K` of a controller API. */
export type ProcedureOf<
  Api extends ControllerApi,
  K extends keyof Api['methods'],
> = Api['methods'][K]['type'] extends 'query' ? TRPCQueryProcedure<Def<Api, K>> : TRPCMutationProcedure<Def<Api, K>>;

/** A router type over a tree of procedures, with the app's root types. */
export type TypedRouter<Tree extends TRPCRouterRecord> = TRPCBuiltRouter<AppRootTypes, Tree>;
