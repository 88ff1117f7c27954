/**
 * What the page asks the tRPC endpoint for, seen from the network. One request
 * can carry several calls (httpBatchLink): their procedures are the path's
 * comma-separated names, their inputs the `input` parameter (queries, GET)
 * or the body (mutations, POST), keyed "0", "1" ... in the same order.
 */
import type { Page, Request } from '@playwright/test';

export interface TrpcCall {
  procedure: string;
  input: Record<string, unknown>;
}

/** The tRPC calls one request carries (none for any other request). */
export function trpcCallsIn(request: Request): TrpcCall[] {
  const url = new URL(request.url());
  if (!url.pathname.startsWith('/api/trpc/')) return [];
  const procedures = url.pathname.slice('/api/trpc/'.length).split(',');
  let inputs: Record<string, Record<string, unknown> | undefined> = {};
  try {
    inputs =
      request.method() === 'GET' ? JSON.parse(url.searchParams.get('input') ?? '{}') : (request.postDataJSON() ?? {});
  } catch {
    // Not a batch of JSON inputs: calls without input.
  }
  return procedures.map((procedure, index) => ({ procedure, input: inputs[String(index)] ?? {} }));
}

const calls = (request: Request, procedure: string, id: number) =>
  trpcCallsIn(request).some((call) => call.procedure === procedure && call.input.id === id);

/**
 * The calls of `query` for record `id` the page makes once a call of
 * `mutation` for that record has succeeded (a deleted record's page must not
 * ask for it again on the way out). The array fills as they happen.
 */
export function queriesAfterMutation(page: Page, mutation: string, query: string, id: number): string[] {
  let succeeded = false;
  const seen: string[] = [];
  page.on('response', (response) => {
    if (response.ok() && calls(response.request(), mutation, id)) succeeded = true;
  });
  page.on('request', (request) => {
    if (succeeded && calls(request, query, id)) seen.push(`${request.method()} ${request.url()}`);
  });
  return seen;
}
