/**
 * GET /api/docs: the interactive API reference (Scalar) on /api/openapi.json.
 * Public like the document it shows; data stays behind authentication (the
 * page's "try it" sends the browser's own cookie, or a Bearer key you enter).
 */
import { apiRoute } from '@/server';
import { DOCS_CSP, docsPage } from './docsPage';

// Served per request like every API route (its edge logs and stamps it); browsers cache it 5 minutes.
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/api/docs', {
  GET: () =>
    new Response(docsPage('/api/openapi.json', '/api/docs/scalar.js'), {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': DOCS_CSP,
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'cache-control': 'public, max-age=300',
      },
    }),
});
