/**
 * One OpenAPI operation from one compiled action: the same record the router
 * dispatches on (server/controller/compileController.ts), so the document
 * cannot list a route that does not exist or miss one that does.
 */
import type { CompiledAction, CompiledController } from '../controller';
import { ACTION_KINDS, type KindAnswers, NEVER_WRITABLE } from '../controller';
import { MAX_IDS } from '../controller/parseIds';
import { MAX_INT4 } from '../shared/int4';
import { errorReason, errorStatuses } from './errorStatuses';
import { indexParameters, type Parameter } from './indexParameters';
import { type JsonSchema, nullable, objectSchema, ref } from './jsonSchema';
import type { SchemaRegistry } from './SchemaRegistry';
import { zodSchema } from './zodSchema';

export interface Operation {
  /** OpenAPI path, e.g. `/teams/{teamId}/campaigns/{id}`. */
  path: string;
  method: 'get' | 'post' | 'patch' | 'delete';
  operation: Record<string, unknown>;
}

/** An index page's `pagination`. */
const PAGINATION = objectSchema(
  {
    page: { type: 'integer', minimum: 1 },
    perPage: { type: 'integer', minimum: 1 },
    totalCount: {
      type: 'integer',
      minimum: 0,
      description: 'Exact unless totalCountCapped; then a lower bound (the count stopped).',
    },
    totalCountCapped: {
      type: 'boolean',
      description: 'True when counting stopped at the index count limit (default 1,000 rows).',
    },
    hasMore: { type: 'boolean', description: 'Always exact: a row exists after this page.' },
  },
  ['page', 'perPage', 'totalCount', 'totalCountCapped', 'hasMore'],
);

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

function body(schema: JsonSchema, required = true) {
  return { required, content: json(schema) };
}

/** The attributes a create/update may carry: permitted, minus the write rules' exclusions. */
function writableFields(compiled: CompiledController, permit: readonly string[] = [], exclude: readonly string[] = []) {
  const attributes = compiled.model?.attributeNames ?? [];
  return permit.filter(
    (field) =>
      attributes.includes(field) &&
      !NEVER_WRITABLE.has(field) &&
      !compiled.scopes.includes(field) &&
      !exclude.includes(field),
  );
}

export function operationFor(
  compiled: CompiledController,
  action: CompiledAction,
  registry: SchemaRegistry,
  authenticated: boolean,
): Operation {
  const model = compiled.model;
  const modelName = model?.modelName ?? 'record';
  const crud = compiled.resource?.kind === 'crud' ? compiled.resource.config : undefined;
  const single = compiled.resource?.kind === 'singleton' ? compiled.resource.config : undefined;
  const record = () => (model ? registry.record(model) : {});
  const data = (permit: readonly string[] | undefined, exclude: readonly string[], create: boolean) =>
    model
      ? objectSchema({ data: registry.writable(model, writableFields(compiled, permit, exclude), create) }, ['data'])
      : { type: 'object' };

  const withIncludes = (include: readonly string[] | undefined) => (model ? registry.withIncludes(model, include) : {});
  const answerSchema = (answers: Exclude<KindAnswers, 'declared'>): JsonSchema => {
    switch (answers) {
      case 'page':
        return objectSchema(
          { data: { type: 'array', items: withIncludes(crud?.index?.include) }, pagination: PAGINATION },
          ['data', 'pagination'],
        );
      case 'recordWithIncludes':
        return withIncludes(crud?.get?.include);
      case 'record':
        return record();
      case 'success':
        return objectSchema({ success: { const: true } }, ['success']);
      case 'singletonOrNull':
        return nullable(withIncludes(single?.get?.include));
    }
  };

  const parameters: Parameter[] = [...action.path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name: name as string,
    in: 'path',
    required: true,
    schema: { type: 'integer', minimum: 1, maximum: MAX_INT4 },
  }));
  let requestBody: unknown;
  let output: JsonSchema = {};
  let outputNote: string | undefined;
  const declared = action.options.output;
  const declaredOutput = declared === 'record' ? record() : declared ? zodSchema(declared, 'output') : undefined;

  const kind = ACTION_KINDS[action.kind];
  // What the kind reads: the request body, or query parameters.
  switch (kind.reads) {
    case 'indexQuery':
      if (model) parameters.push(...indexParameters(model, crud?.index ?? {}));
      break;
    case 'createData':
      requestBody = body(data(crud?.create?.permit, Object.keys(crud?.create?.autoSet ?? {}), true));
      break;
    case 'updateData':
      requestBody = body(data(crud?.update?.permit, [], false));
      break;
    case 'singletonData':
      requestBody = body(data(single?.update?.permit, [], false));
      break;
    case 'ids':
      requestBody = body(
        objectSchema(
          { ids: { type: 'array', items: { type: 'integer', minimum: 1, maximum: MAX_INT4 }, maxItems: MAX_IDS } },
          ['ids'],
        ),
      );
      break;
    case 'declaredInput':
      if (action.httpMethod === 'POST') {
        requestBody = action.options.input
          ? body(zodSchema(action.options.input, 'input'))
          : body({ type: 'object' }, false);
      } else if (action.options.input) {
        const input = zodSchema(action.options.input, 'input');
        const required = new Set((input.required as string[] | undefined) ?? []);
        for (const [name, schema] of Object.entries((input.properties ?? {}) as Record<string, JsonSchema>)) {
          parameters.push({ name, in: 'query', required: required.has(name), schema });
        }
      }
      break;
    case 'nothing':
      break;
  }
  // What it answers; a method overriding a default action may declare what it answers instead.
  if (kind.answers === 'declared') {
    output = declaredOutput ?? {};
    if (!declaredOutput) outputNote = 'The action declares no `output` schema: any JSON value.';
  } else {
    output = declaredOutput ?? answerSchema(kind.answers);
  }

  const docs = { ...compiled.docs.actions?.[action.name], ...pick(action.options) };
  const success = ACTION_KINDS[action.kind].created ? '201' : '200';
  const responses: Record<string, unknown> = {
    [success]: { description: outputNote ?? 'Success', content: json(output) },
  };
  for (const status of errorStatuses(action, authenticated)) {
    responses[String(status)] = { description: errorReason(status), content: json(ref('Error')) };
  }
  const operation: Record<string, unknown> = {
    operationId: `${compiled.name}.${action.clientName}`,
    tags: [compiled.docs.tag ?? compiled.name],
    summary: docs.summary ?? ACTION_KINDS[action.kind].summary?.(modelName) ?? action.clientName,
    ...(docs.description ? { description: docs.description } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    'x-trpc-procedure': `${action.procedureKey.join('.')} (${action.procedureType})`,
  };
  return {
    path: action.path.replace(/:(\w+)/g, '{$1}'),
    method: action.httpMethod.toLowerCase() as Operation['method'],
    operation,
  };
}

function pick({ summary, description }: { summary?: string; description?: string }) {
  return { ...(summary ? { summary } : {}), ...(description ? { description } : {}) };
}
