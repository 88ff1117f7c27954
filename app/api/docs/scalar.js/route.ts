/**
 * GET /api/docs/scalar.js: Scalar's standalone bundle from node_modules
 * (@scalar/api-reference, pinned in package.json), served by the app so the
 * reference page needs no CDN. next.config.ts traces the file into
 * standalone builds (`outputFileTracingIncludes`).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { apiRoute } from '@/server';

export const runtime = 'nodejs';

const BUNDLE = path.join(process.cwd(), 'node_modules/@scalar/api-reference/dist/browser/standalone.js');
let bundle: Promise<Buffer> | undefined;

// Through the API's edge like every route file: request id, access log, the error envelope if the read fails.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/api/docs/scalar.js', {
  GET: async () => {
    // Read once per process: 3.5 MB that only changes with the package version.
    bundle ??= readFile(BUNDLE).catch((error: unknown) => {
      bundle = undefined; // try again on the next request
      throw error;
    });
    const body = new Uint8Array(await bundle);
    return new Response(body, {
      headers: {
        'content-type': 'text/javascript; charset=utf-8',
        'x-content-type-options': 'nosniff',
        'cache-control': 'public, max-age=86400',
      },
    });
  },
});
