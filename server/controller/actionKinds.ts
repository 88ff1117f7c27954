/**
 * Every kind of action in one table: what it reads and answers, how its input
 * is parsed (pipeline step 5), what runs (step 7), its success status,
 * whether validation can refuse it, the typed client's call shape and its
 * default OpenAPI summary. The router, the dispatcher, the OpenAPI generator
 * and the client codegen all read their per-kind facts from here; the two
 * generators render `reads` / `answers` into JSON Schema and TypeScript
 * (server/openapi/operationFor.ts, server/codegen/describeController.ts).
 *
 * To add a kind: a row here, its ActionKind name, and where it is declared
 * (defaultActionRoutes.ts or declaredActions.ts).
 */

import { issueFieldErrors } from '../shared/issueFieldErrors';
import type { CompiledAction, CompiledController } from './compileController';
import { DEFAULT_ACTIONS } from './defaultActions';
import { BadRequest } from './errors';
import type { InputParser } from './metadata';
import { parseIds } from './parseIds';
import { type IndexQuery, parseIndexInput, parseIndexSearchParams } from './parseIndexQuery';
import type { InputSource, Params } from './readParams';
import type { ControllerInstance } from './types';
import { assertDataObject } from './writeRules';

/**
 * How the typed client passes an action's arguments (server/client/buildInput.ts):
 * `f()`, `f({page, sort})`, `f(id)`, `f([1, 2])`, `f(data)`, `f(id, data)`, `f(input)`, `f({id, ...input})`.
 */
export type InputShape = 'none' | 'index' | 'id' | 'ids' | 'data' | 'idData' | 'input' | 'idInput';

/** What a kind's `params` reads from: the source, and the scope params and `:id` already parsed. */
export interface ParamsSource {
  compiled: CompiledController;
  action: CompiledAction;
  source: InputSource;
  scope: Record<string, number>;
  id: { id?: number };
}

/**
 * What an action reads besides its scope params and `:id`, in the words the OpenAPI generator and the
 * client codegen both render: the index query, the `data` a create / update / singleton update
 * permits, `ids`, the action's declared `input`, or nothing.
 */
export type KindReads =
  | 'indexQuery'
  | 'createData'
  | 'updateData'
  | 'singletonData'
  | 'ids'
  | 'declaredInput'
  | 'nothing';

/**
 * What it answers, unless a method overriding it declares an `output`: a page of records (with the
 * index's includes), one record with `get`'s includes, the record as saved, `{success: true}`, the
 * singleton or null, or what the action declares.
 */
export type KindAnswers = 'page' | 'recordWithIncludes' | 'record' | 'success' | 'singletonOrNull' | 'declared';

export interface ActionKindSpec {
  /** What it reads and answers: the schemas OpenAPI documents and the client types are rendered from these. */
  reads: KindReads;
  answers: KindAnswers;
  /** Step 5: the action's params (`this.params`). */
  params(from: ParamsSource): Params;
  /** Step 7: the action itself. */
  run(controller: ControllerInstance, compiled: CompiledController, action: CompiledAction, params: Params): unknown;
  /** Success answers 201 Created rather than 200. */
  created?: boolean;
  /** Validation can refuse it (422). */
  writes(action: CompiledAction): boolean;
  /** The client's call shape; `arity` is the method's declared parameter count. */
  inputShape(action: CompiledAction, arity: number): InputShape;
  /** OpenAPI summary when the action documents none. */
  summary?(model: string): string;
}

type Method = (this: ControllerInstance, ...args: unknown[]) => unknown;
const methodOf = (controller: ControllerInstance, action: CompiledAction) =>
  (controller as unknown as Record<string, Method>)[action.name] as Method;

/**
 * The input as an object. Only no input at all is {}: a GET's body, and an empty one (readJsonBody reads
 * it as {}). A JSON `null` is a value the client sent, and not an object: a 400 like `[]`, `"x"` or `1`
 * (it was read as {}, so a PATCH of `null` answered 200 having changed nothing). tRPC's `null` input never
 * gets here: buildRouter's readInput takes it as no input, as tRPC clients send it.
 */
function asObject(value: unknown, what: string): Record<string, unknown> {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new BadRequest(`Invalid ${what}`, { [what]: ['must be a JSON object'] });
  }
  return value as Record<string, unknown>;
}

/** A GET action's query string as its input. A key given twice is a 400, as in an index query: which one was meant? */
function queryInput(query: URLSearchParams | undefined): Record<string, unknown> {
  const seen = new Set<string>();
  for (const key of query?.keys() ?? []) {
    if (seen.has(key)) throw new BadRequest('Invalid query', { [key]: ['must be given once'] });
    seen.add(key);
  }
  return Object.fromEntries(query ?? []);
}

/** REST bodies may carry attributes under `data` or be the attributes themselves. */
function readData(source: InputSource): Record<string, unknown> {
  const body = asObject(source.body, 'body');
  if (source.transport === 'trpc' || Object.hasOwn(body, 'data')) return assertDataObject(body.data);
  return body;
}

function indexParams(compiled: CompiledController, source: InputSource): IndexQuery {
  const options = compiled.resource?.kind === 'crud' ? (compiled.resource.config.index ?? {}) : {};
  return source.transport === 'rest'
    ? parseIndexSearchParams(source.query ?? new URLSearchParams(), options)
    : parseIndexInput(asObject(source.body, 'input'), options);
}

function parseWith(parser: InputParser | undefined, input: Record<string, unknown>): Record<string, unknown> {
  if (!parser) return input;
  const result = parser.safeParse(input);
  if (result.success) return asObject(result.data, 'input');
  throw new BadRequest('Invalid input', issueFieldErrors(result.error.issues, { whole: 'input' }));
}

const scopeAndId = ({ scope, id }: ParamsSource): Params => ({ ...scope, ...id });
const withData = ({ source, scope, id }: ParamsSource): Params => ({ data: readData(source), ...scope, ...id });

/** A default action of `@crud`/`@singleton`: its built-in body, or the controller's method of that name. */
function runDefault(controller: ControllerInstance, compiled: CompiledController, action: CompiledAction): unknown {
  const builtIn = DEFAULT_ACTIONS[action.kind];
  // An override's return value is the response.
  if (action.hasMethod || !builtIn) return methodOf(controller, action).call(controller);
  return builtIn(controller, compiled);
}

const never = () => false;
const always = () => true;

export const ACTION_KINDS: Record<CompiledAction['kind'], ActionKindSpec> = {
  index: {
    reads: 'indexQuery',
    answers: 'page',
    params: ({ compiled, source, scope }) => {
      const { params, ...query } = indexParams(compiled, source);
      return { ...params, ...query, ...scope };
    },
    run: runDefault,
    writes: never,
    inputShape: () => 'index',
    summary: (model) => `List ${model} records`,
  },
  get: {
    reads: 'nothing',
    answers: 'recordWithIncludes',
    params: scopeAndId,
    run: runDefault,
    writes: never,
    inputShape: () => 'id',
    summary: (model) => `Get ${model}`,
  },
  create: {
    reads: 'createData',
    answers: 'record',
    params: withData,
    run: runDefault,
    created: true,
    writes: always,
    inputShape: () => 'data',
    summary: (model) => `Create ${model}`,
  },
  update: {
    reads: 'updateData',
    answers: 'record',
    params: withData,
    run: runDefault,
    writes: always,
    inputShape: () => 'idData',
    summary: (model) => `Update ${model}`,
  },
  destroy: {
    reads: 'nothing',
    answers: 'success',
    params: scopeAndId,
    run: runDefault,
    writes: always,
    inputShape: () => 'id',
    summary: (model) => `Delete ${model}`,
  },
  singletonGet: {
    reads: 'nothing',
    answers: 'singletonOrNull',
    params: scopeAndId,
    run: runDefault,
    writes: never,
    inputShape: () => 'none',
    summary: (model) => `Get the ${model} (null when there is none yet)`,
  },
  singletonCreate: {
    reads: 'nothing',
    answers: 'record',
    params: scopeAndId,
    run: runDefault,
    writes: always,
    inputShape: () => 'none',
    summary: (model) => `Find or create the ${model}`,
  },
  singletonUpdate: {
    reads: 'singletonData',
    answers: 'record',
    params: withData,
    run: runDefault,
    writes: always,
    inputShape: () => 'data',
    summary: (model) => `Update the ${model}`,
  },
  mutation: {
    reads: 'nothing',
    answers: 'declared',
    params: scopeAndId,
    run: (controller, _compiled, action) => methodOf(controller, action).call(controller, controller.record),
    writes: always,
    inputShape: () => 'id',
  },
  bulkMutation: {
    reads: 'ids',
    answers: 'declared',
    params: ({ source, scope }) => ({ ...scope, ids: parseIds(asObject(source.body, 'body').ids) }),
    async run(controller, _compiled, action, params) {
      const ids = params.ids ?? [];
      // With `records: false` the relation is already limited to `ids` (dispatch.ts).
      if (action.options.records === false) return methodOf(controller, action).call(controller, ids);
      const records =
        ids.length > 0 && controller.relation ? await controller.relation.where({ id: ids }).toArray() : [];
      return methodOf(controller, action).call(controller, records);
    },
    writes: always,
    inputShape: () => 'ids',
  },
  action: {
    reads: 'declaredInput',
    answers: 'declared',
    params: ({ compiled, action, source, scope, id }) => {
      const raw =
        source.transport === 'rest' && action.httpMethod === 'GET'
          ? queryInput(source.query)
          : asObject(source.body, source.transport === 'rest' ? 'body' : 'input');
      const { id: _id, ...rest } = raw;
      for (const field of compiled.scopes) delete rest[field];
      return { ...parseWith(action.options.input, rest), ...scope, ...id };
    },
    run: (controller, _compiled, action, params) =>
      action.loadsRecord
        ? methodOf(controller, action).call(controller, controller.record, params)
        : methodOf(controller, action).call(controller, params),
    writes: (action) => action.httpMethod !== 'GET',
    // A GET that loads its record and declares no input takes only the id.
    inputShape: (action, arity) =>
      action.loadsRecord
        ? action.httpMethod === 'GET' && arity < 2
          ? 'id'
          : 'idInput'
        : arity === 0
          ? 'none'
          : 'input',
  },
};
