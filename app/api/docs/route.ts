/**
 * GET /api/docs: the interactive API reference (Scalar) on /api/openapi.json.
 * Public like the document it shows; data stays behind authentication (the
 * page's "try it" sends the browser's own cookie, or a Bearer key you enter).
 */
import { AppError, errorResponse } from '@/server';
import { DOCS_CSP, docsPage } from './docsPage';

export const dynamic = 'force-static';

export function GET(): Response {
  return new Response(docsPage('/api/openapi.json', '/api/docs/scalar.js'), {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': DOCS_CSP,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cache-control': 'public, max-age=300',
    },
  });
}

function methodNotAllowed(request: Request): Response {
  const response = errorResponse(
    new AppError('METHOD_NOT_SUPPORTED', `${request.method} is not supported on /api/docs`),
  );
  response.headers.set('allow', 'GET, HEAD');
  return response;
}

export { methodNotAllowed as DELETE, methodNotAllowed as PATCH, methodNotAllowed as POST, methodNotAllowed as PUT };
