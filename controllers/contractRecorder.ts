/**
 * Test helper (imported by *.test.ts only): calls the app's handler like
 * `api()` does, and checks each exchange against the OpenAPI document:
 * the route must be documented, the request body must fit the documented
 * schema, the status must be listed, and the body must validate (ajv, JSON
 * Schema 2020-12 as OpenAPI 3.1 uses). It records which operations answered
 * which statuses, so a test can ask what the run covered.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OpenApiDocument } from '@/server';
import { type ApiResponse, api, type CallOptions } from './testClient';

type Json = Record<string, unknown>;

interface Template {
  method: string;
  path: string;
  pattern: RegExp;
  params: number;
  operation: Json;
}

export type ContractCallOptions = CallOptions & { invalid?: boolean };

export interface ContractRecorder {
  /** `invalid: true` for a request sent to provoke a 4xx: its body need not fit the document. */
  call<T = unknown>(method: string, path: string, options?: ContractCallOptions): Promise<ApiResponse<T>>;
  /** `GET /teams/{teamId}/members` -> statuses seen. */
  seen: Map<string, Set<number>>;
  /** Every `METHOD path` the document lists. */
  documented: string[];
  /**
   * The routes of one controller (`'NoteController'`) that no call has answered with a success yet:
   * a controller's own test ends by expecting none, so an action added later asks for its test.
   * Throws for a name the document has no route of (a typo would otherwise find nothing missing).
   */
  uncalled(controller: string): string[];
}

export function contractRecorder(document: OpenApiDocument): ContractRecorder {
  // `components` rides along so `#/components/schemas/...` resolves from each compiled schema.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const cache = new Map<Json, ValidateFunction>();
  const validator = (schema: Json) => {
    let validate = cache.get(schema);
    if (!validate) {
      validate = ajv.compile({ ...schema, components: document.components });
      cache.set(schema, validate);
    }
    return validate;
  };

  const templates: Template[] = Object.entries(document.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`),
        params: (path.match(/\{/g) ?? []).length,
        operation: operation as Json,
      })),
    )
    // Static segments first, like the router: `/members/leave` before `/members/{id}`.
    .sort((a, b) => a.params - b.params);
  const seen = new Map<string, Set<number>>();

  const check = (what: string, schema: Json | undefined, value: unknown) => {
    if (!schema) throw new Error(`${what}: no schema documented`);
    const validate = validator(schema);
    if (!validate(value)) {
      throw new Error(
        `${what} does not match the document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(value)}`,
      );
    }
  };

  async function call<T>(method: string, path: string, contract: ContractCallOptions = {}): Promise<ApiResponse<T>> {
    const { invalid, ...options } = contract;
    const pathname = path.split('?')[0] as string;
    const template = templates.find((t) => t.method === method && t.pattern.test(pathname));
    if (!template) throw new Error(`${method} ${pathname} is not in the OpenAPI document`);
    const name = `${method} ${template.path}`;
    const requestBody = template.operation.requestBody as { content: Record<string, { schema: Json }> } | undefined;
    const sendsJson = (options.headers?.['content-type'] ?? 'application/json') === 'application/json';
    // Valid requests must fit the document too: it must not refuse what the API accepts.
    if (requestBody && options.body !== undefined && sendsJson && !invalid) {
      check(`request of ${name}`, requestBody.content['application/json']?.schema, options.body);
    }
    const response = await api<T>(method, path, options);
    const responses = template.operation.responses as Record<string, { content?: Record<string, { schema: Json }> }>;
    const documented = responses[String(response.status)];
    if (!documented) {
      throw new Error(
        `${name} answered ${response.status}, which the document does not list: ${JSON.stringify(response.body)}`,
      );
    }
    check(`${response.status} of ${name}`, documented.content?.['application/json']?.schema, response.body);
    const statuses = seen.get(name) ?? new Set<number>();
    statuses.add(response.status);
    seen.set(name, statuses);
    return response;
  }

  function uncalled(controller: string): string[] {
    const routes = templates
      .filter((t) => String(t.operation.operationId).startsWith(`${controller}.`))
      .map((t) => `${t.method} ${t.path}`);
    if (routes.length === 0) throw new Error(`the OpenAPI document has no route of ${controller}`);
    return routes.filter((name) => ![...(seen.get(name) ?? [])].some((status) => status < 300));
  }

  return { call, seen, documented: templates.map((t) => `${t.method} ${t.path}`), uncalled };
}
