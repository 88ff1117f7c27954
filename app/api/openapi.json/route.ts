/**
 * GET /api/openapi.json: the OpenAPI 3.1 description of the REST API,
 * generated from the controllers (controllers/openapi.ts, docs/openapi.md).
 * A static segment, so it wins over the catch-all; other methods answer 405.
 */
import { openApiDocument } from '@/controllers';
import { AppError, errorResponse, jsonResponse } from '@/server';

// The document depends only on the code, but building it imports the
// controllers: do it at request time, not during `next build`.
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export function GET(): Response {
  // Public on purpose: it describes routes, never data. Short cache: it changes with each deploy.
  return jsonResponse(openApiDocument(), 200, { 'cache-control': 'public, max-age=60' });
}

function methodNotAllowed(request: Request): Response {
  const response = errorResponse(
    new AppError('METHOD_NOT_SUPPORTED', `${request.method} is not supported on /api/openapi.json`),
  );
  response.headers.set('allow', 'GET, HEAD');
  return response;
}

export { methodNotAllowed as DELETE, methodNotAllowed as PATCH, methodNotAllowed as POST, methodNotAllowed as PUT };
