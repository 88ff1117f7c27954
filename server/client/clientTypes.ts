/**
 * The typed surface pages and scripts see: `Controller.use(scope)` (React
 * hooks) and `Controller.with(scope)` (plain async functions), both keyed by
 * the client names of the generated API description.
 */
import type {
  QueryFunction,
  QueryKey,
  UseMutationOptions,
  UseMutationResult,
  UseQueryOptions,
  UseQueryResult,
} from '@tanstack/react-query';
import type { ControllerApi, MethodDef } from './apiTypes';
import type { ClientError } from './ClientError';

/** Arguments of a call, by input shape (see manifest.ts). */
export type CallArgs<D extends MethodDef> = D['shape'] extends 'none'
  ? []
  : D['shape'] extends 'index'
    ? [options?: D['input']]
    : D['shape'] extends 'id'
      ? [id: number]
      : D['shape'] extends 'ids'
        ? [ids: readonly number[]]
        : D['shape'] extends 'data'
          ? [data: D['input']]
          : D['shape'] extends 'idData'
            ? [id: number, data: D['input']]
            : D['shape'] extends 'input'
              ? undefined extends D['input']
                ? [input?: D['input']]
                : [input: D['input']]
              : D['shape'] extends 'idInput'
                ? [input: { id: number } & D['input']]
                : never;

/** A mutation hook's `mutate(variables)` argument. */
export type MutationVariables<D extends MethodDef> = D['shape'] extends 'idData'
  ? { id: number; data: D['input'] }
  : CallArgs<D> extends [] // 'none'
    ? // biome-ignore lint/suspicious/noConfusingVoidType: React Query's convention for "mutate() takes no argument".
      void
    : CallArgs<D> extends [(infer V)?]
      ? // biome-ignore lint/suspicious/noConfusingVoidType: optional variables: `mutate()` or `mutate(input)`.
        V | (undefined extends CallArgs<D>[0] ? void : never)
      : never;

/** React Query options a query hook accepts (key and fetcher are the client's). */
export type QueryHookOptions<TOutput> = Omit<
  UseQueryOptions<TOutput, ClientError, TOutput, QueryKey>,
  'queryKey' | 'queryFn'
>;

/** What `.queryOptions(...)` returns: ready for `useQuery`, `useSuspenseQuery`, `prefetchQuery`. */
export type ClientQueryOptions<TOutput> = Omit<UseQueryOptions<TOutput, ClientError, TOutput, QueryKey>, 'queryFn'> & {
  queryKey: QueryKey;
  queryFn: QueryFunction<TOutput, QueryKey>;
};

export interface QueryHook<D extends MethodDef> {
  (...args: [...CallArgs<D>, options?: QueryHookOptions<D['output']>]): UseQueryResult<D['output'], ClientError>;
  /** The same query as options, for `useSuspenseQuery`, `queryClient.prefetchQuery` ... */
  queryOptions(...args: CallArgs<D>): ClientQueryOptions<D['output']>;
}

export type MutationHookOptions<D extends MethodDef> = Omit<
  UseMutationOptions<D['output'], ClientError, MutationVariables<D>>,
  'mutationFn' | 'mutationKey'
>;

export type MutationHook<D extends MethodDef> = (
  options?: MutationHookOptions<D>,
) => UseMutationResult<D['output'], ClientError, MutationVariables<D>>;

type Methods<Api extends ControllerApi> = Api['methods'];

/** `Controller.use(scope)`: a query hook per query name, a mutation hook per mutation name. */
export type UseClient<Api extends ControllerApi> = {
  [K in keyof Methods<Api>]: Methods<Api>[K]['type'] extends 'query'
    ? QueryHook<Methods<Api>[K]>
    : MutationHook<Methods<Api>[K]>;
} & {
  /** Marks every query of this controller in this scope stale (mutations do it by themselves). */
  invalidate(): Promise<void>;
};

/** `Controller.with(scope)`: the same names as plain async functions; failures reject with a ClientError. */
export type WithClient<Api extends ControllerApi> = {
  [K in keyof Methods<Api>]: (...args: CallArgs<Methods<Api>[K]>) => Promise<Methods<Api>[K]['output']>;
};

/** Calls a procedure by path: a vanilla tRPC client, or a server-side caller. */
export interface ProcedureCaller {
  query(path: string, input: unknown): Promise<unknown>;
  mutation(path: string, input: unknown): Promise<unknown>;
}

/** Scope argument: required when the controller is scoped, optional otherwise. */
export type ScopeArg<Api extends ControllerApi> = keyof Api['scope'] extends never
  ? [scope?: Record<string, never>]
  : [scope: Api['scope']];

export interface WithOptions {
  /** Another transport (a test handler, a script's absolute URL); default: the app's `/api/trpc`. */
  client?: ProcedureCaller;
}

export interface ControllerClient<Api extends ControllerApi> {
  /** React hooks; call inside a component below `<Providers>`. */
  use(...scope: ScopeArg<Api>): UseClient<Api>;
  /** Plain async functions, usable anywhere (event handlers, scripts, tests). */
  with(...args: [...ScopeArg<Api>, options?: WithOptions]): WithClient<Api>;
}

/** `{ CampaignController: ControllerClient<...>, ... }` for the generated `ClientApis`. */
export type ControllerClients<Apis> = {
  [Name in keyof Apis]: Apis[Name] extends ControllerApi ? ControllerClient<Apis[Name]> : never;
};
