/**
 * GET /api/openapi.json: the OpenAPI 3.1 description of the REST API,
 * generated from the controllers (controllers/openapi.ts, docs/openapi.md).
 * A static segment, so it wins over the catch-all; other methods answer 405.
 */
import { openApiDocument } from '@/controllers';
import { apiRoute, jsonResponse } from '@/server';

// The document depends only on the code, but building it imports the
// controllers: do it at request time, not during `next build`.
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/api/openapi.json', {
  // Public on purpose: it describes routes, never data. Short cache: it changes with each deploy.
  GET: () => jsonResponse(openApiDocument(), 200, { 'cache-control': 'public, max-age=60' }),
});
