/**
 * What the decorators record about a controller class. Decorators only write
 * here; `compileController()` reads it once at boot.
 *
 * Metadata is kept per class (not inherited by copying): readers walk the
 * prototype chain so hooks, rescues and actions declared on a parent class
 * apply to its subclasses, parent first.
 */
import type { z } from 'zod';
import type { AttributeName, IncludeName, ScopeName } from '../model';
import type { ControllerParams } from './ControllerParams';
import type { IndexOptions } from './parseIndexQuery';
import type { ModelLike } from './types';

export type HttpMethod = 'GET' | 'POST';

/** `only` / `except` filters of hooks and rescues (action names). */
export interface ActionFilter {
  only?: readonly string[];
  except?: readonly string[];
}

// biome-ignore lint/suspicious/noExplicitAny: `this` of a condition is the controller instance, typed by the caller.
export type HookCondition = string | ((this: any, controller: any) => boolean);

export interface HookOptions extends ActionFilter {
  /** A controller method name, or a function; the hook is skipped when it returns false. */
  if?: HookCondition;
}

/**
 * `@crud(Model, config)`. Every name is checked by tsc against the model `M`:
 * attributes (`sortable`, `filterable`, `permit`, `autoSet` keys), named
 * scopes (`scopes`, `defaultScopes`, `paramScopes`) and associations or
 * attachment slots (`include`). `Ctx` is the app's request context.
 */
/** The five actions `@crud` brings. */
export type CrudActionName = 'index' | 'get' | 'create' | 'update' | 'destroy';

export interface CrudConfig<Ctx = unknown, M = ModelLike, AutoSet extends string = string> {
  /**
   * Actions this resource does not offer: no route, no procedure, no client hook, no OpenAPI
   * operation, and no `Allow` naming them (`except: ['destroy']`: DELETE is a 405 naming what is served).
   * A method, a hook's `only` or an `@apiDoc` text for one of them is an error at start-up.
   */
  except?: readonly CrudActionName[];
  /** Paging, sort, filter and scope options (see IndexOptions) plus associations always loaded. */
  index?: IndexOptions<AttributeName<M>, ScopeName<M>> & { include?: readonly IncludeName<M>[] };
  get?: { include?: readonly IncludeName<M>[] };
  create?: {
    permit?: readonly AttributeName<M>[];
    /** Attributes set by the server, never by the client: `{ createdById: (ctx) => ctx.user.id }`. */
    // Keyed by a type parameter of its own, inferred from the keys: a mapped
    // type over the model's keys would stop `Ctx` being inferred from an
    // annotated callback. A key that is no attribute gets an explaining type.
    autoSet?: {
      readonly [K in AutoSet]: K extends AttributeName<M>
        ? (context: Ctx) => unknown
        : 'is not an attribute of the model';
    };
  };
  update?: { permit?: readonly AttributeName<M>[] };
}

/** `@singleton(Model, config)`, checked against the model like CrudConfig. */
export interface SingletonConfig<Ctx = unknown, M = ModelLike> {
  /** Identifies the record, applied within the scoped relation. */
  findBy: (context: Ctx, params: ControllerParams) => { readonly [K in AttributeName<M>]?: unknown };
  /** POST creates the record with `defaultValues` when absent (race-safe: see findOrCreateBy). */
  findOrCreate?: boolean;
  defaultValues?: { readonly [K in AttributeName<M>]?: unknown };
  update?: { permit?: readonly AttributeName<M>[] };
  get?: { include?: readonly IncludeName<M>[] };
}

/**
 * Documentation of one action in the OpenAPI description (server/openapi).
 * Nothing here changes how a request is handled.
 */
export interface ActionDocs {
  summary?: string;
  description?: string;
  /**
   * What the action answers: a zod schema, or `'record'` for the controller's
   * record (as `get` serialises it, without includes). Without it the
   * response is documented as any JSON value. Not checked at run time: the
   * contract test (controllers/openapi.contract.test.ts) checks real answers.
   */
  output?: z.ZodType | 'record';
  /** Error statuses the action can answer beyond those its kind implies, e.g. `[503]` when it calls storage. */
  errorStatuses?: readonly number[];
}

/** `@apiDoc({...})` on a controller class: its tag, and texts for actions it does not declare itself (CRUD). */
export interface ControllerDocs {
  /** Tag of its operations (default: the class name). */
  tag?: string;
  description?: string;
  /** Summary/description of any action by name, e.g. `{ index: { summary: 'List campaigns' } }`. */
  actions?: Record<string, Pick<ActionDocs, 'summary' | 'description'>>;
}

/**
 * `@mutation(options)`: a state change of the loaded record (or, with `bulk`, of `ids`). It takes no
 * other input; for one, declare `@action('POST', undefined, { load: true, input })`.
 */
export interface MutationOptions extends ActionDocs {
  bulk?: boolean;
  /** With `bulk`: load the records (default) or pass only the ids. */
  records?: boolean;
}

export interface ActionOptions extends ActionDocs {
  /** Load the record by `:id` from the scoped relation and pass it as first argument. */
  load?: boolean;
  /** Optional input parser (e.g. a zod schema); failures answer 400 with field errors. */
  input?: InputParser;
}

/** Anything with zod's `safeParse` shape; `T` is what it parses to. */
export interface InputParser<T = unknown> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<IssueLike> } };
}
interface IssueLike {
  path: ReadonlyArray<PropertyKey>;
  message: string;
}

export type MethodDeclaration =
  | { kind: 'mutation'; name: string; options: MutationOptions }
  | { kind: 'action'; name: string; httpMethod: HttpMethod; path?: string; options: ActionOptions };

export interface HookDeclaration {
  name: string;
  options: HookOptions;
}

/** Any error class, whatever its constructor arguments. */
export type ErrorClass = abstract new (...args: never[]) => unknown;

export interface RescueDeclaration {
  name: string;
  errorClass: ErrorClass;
  options: ActionFilter;
}

export interface ControllerMetadata {
  path?: string;
  docs?: ControllerDocs;
  resource?:
    | { kind: 'crud'; model: ModelLike; config: CrudConfig }
    | { kind: 'singleton'; model: ModelLike; config: SingletonConfig };
  /** Outermost first (the topmost `@scope` in the source). */
  scopes: string[];
  methods: MethodDeclaration[];
  before: HookDeclaration[];
  after: HookDeclaration[];
  rescues: RescueDeclaration[];
  /** `@allowAnonymous` filters: the actions the app's guard may let callers who are not signed in reach. */
  anonymous: ActionFilter[];
}

const store = new WeakMap<object, ControllerMetadata>();

/** The metadata declared on this class itself (created on first write). */
export function ownMetadata(target: object): ControllerMetadata {
  let meta = store.get(target);
  if (!meta) {
    meta = { scopes: [], methods: [], before: [], after: [], rescues: [], anonymous: [] };
    store.set(target, meta);
  }
  return meta;
}

/** Own metadata of the class and its ancestors, root ancestor first. */
export function metadataChain(target: object): ControllerMetadata[] {
  const chain: ControllerMetadata[] = [];
  for (let current: object | null = target; current && current !== Function.prototype; ) {
    const meta = store.get(current);
    if (meta) chain.unshift(meta);
    current = Object.getPrototypeOf(current) as object | null;
  }
  return chain;
}
