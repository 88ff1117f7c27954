// demo:file (npm run demo:remove deletes this file)
/**
 * Errors of the hand-written comparison handlers: what a small app without
 * the framework would write, a status plus `{error: {code, message, fields?}}`
 * (the same body the framework sends, so both sides serialise alike).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export function errorJson(error: unknown): Response {
  if (!(error instanceof HttpError)) {
    console.error('[bench handler]', error);
    return Response.json(
      { error: { code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' } },
      { status: 500, headers: { 'cache-control': 'no-store' } },
    );
  }
  const body = { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) };
  return Response.json({ error: body }, { status: error.status, headers: { 'cache-control': 'no-store' } });
}

/** Field errors from a zod failure, keyed like the framework's (`name`, `data.budget` ...). */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'base';
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  return fields;
}
