/**
 * The route-file check's probes (throwaway trees through the same reader `npm run lint` runs), then the
 * whole tree, whose every route file must go through the API's edge.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { treeFiles } from './checkLayers';
import { checkRouteEdge, ROUTE_FILE, routePathOf } from './routeEdge';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** `file: METHOD` for each handler that bypasses the edge in a tree holding `files`. */
function bypasses(files: Record<string, string>): string[] {
  const root = mkdtempSync(path.join(tmpdir(), 'route-edge-'));
  try {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    return checkRouteEdge(root, Object.keys(files)).map(({ file, method }) => `${file}: ${method}`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const WRAPPED =
  "import { apiRoute } from '@/server';\nexport const { GET, POST } = apiRoute('/api/x', { GET: () => new Response() });\n";

describe('handlers that bypass the edge', () => {
  it.each([
    ['a plain function', 'export async function GET() {\n  return Response.json({ ok: true });\n}\n'],
    ['an arrow function', 'export const POST = async (request: Request) => new Response(request.body);\n'],
    ['a local function re-exported', 'function handle() { return new Response(); }\nexport { handle as GET };\n'],
    [
      'an apiRoute that is not the edge',
      'const apiRoute = (p: string, h: object) => h;\nexport const { GET } = apiRoute("/x", {});\n',
    ],
  ])('%s', (_, text) => {
    expect(bypasses({ 'app/api/stray/route.ts': text })).not.toEqual([]);
  });

  it('a factory that does not return apiRoute(...)', () => {
    expect(
      bypasses({
        'app/api/stray/route.ts': "import { routes } from '@/backend/routes';\nexport const { GET } = routes();\n",
        'backend/routes.ts': 'export function routes() {\n  return { GET: async () => new Response() };\n}\n',
      }),
    ).toEqual(['app/api/stray/route.ts: GET']);
  });

  it('route files outside app/api too', () => {
    expect(bypasses({ 'app/dev/thing/route.ts': 'export function GET() { return new Response(); }\n' })).toEqual([
      'app/dev/thing/route.ts: GET',
    ]);
  });

  it('names only the methods that bypass it, and tells what to write', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'route-edge-'));
    try {
      mkdirSync(path.join(root, 'app/api/stray'), { recursive: true });
      writeFileSync(
        path.join(root, 'app/api/stray/route.ts'),
        'export const dynamic = "force-dynamic";\nexport function GET() { return new Response(); }\n',
      );
      const [violation, ...others] = checkRouteEdge(root, ['app/api/stray/route.ts']);
      expect(others).toEqual([]);
      expect(violation?.method).toBe('GET');
      expect(violation?.message).toContain("Wrap it in apiRoute from '@/server'");
      expect(violation?.message).toContain("apiRoute('/api/stray'");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('handlers made by the edge', () => {
  it.each([
    ['apiRoute(...) destructured', { 'app/api/x/route.ts': WRAPPED }],
    [
      'a factory returning apiRoute(...)',
      {
        'app/api/x/route.ts':
          "import { createRoutes } from '@/backend/routes';\nexport const { GET } = createRoutes();\n",
        'backend/routes.ts':
          "import { apiRoute } from '@/server';\nexport function createRoutes() {\n  const GET = async () => new Response();\n  return apiRoute('/api/x', { GET });\n}\n",
      },
    ],
    [
      "the catch-all's createApiHandler handler",
      {
        'app/api/[[...path]]/route.ts':
          "import { handler } from '@/controllers';\nexport { handler as GET, handler as POST };\n",
        'controllers/index.ts': "export { handler } from './api';\n",
        'controllers/api.ts':
          "import { createApiHandler } from '@/server';\nexport const handler = createApiHandler({});\n",
      },
    ],
  ])('%s', (_, files) => {
    expect(bypasses(files)).toEqual([]);
  });

  it('ignores files that are not route files', () => {
    expect(bypasses({ 'app/api/x/helpers.ts': 'export function GET() {}\n' })).toEqual([]);
  });
});

it('suggests the route path the file serves', () => {
  expect(routePathOf('app/api/things/[id]/route.ts')).toBe('/api/things/[id]');
  expect(routePathOf('app/(marketing)/feed/route.ts')).toBe('/feed');
});

it('every route file of the tree goes through the edge', () => {
  const routeFiles = treeFiles(ROOT).filter((file) => ROUTE_FILE.test(file));
  expect(routeFiles).toEqual(
    expect.arrayContaining([
      'app/api/[[...path]]/route.ts',
      'app/api/session/route.ts',
      'app/dev/mail/messages/route.ts',
    ]),
  );
  expect(checkRouteEdge(ROOT, treeFiles(ROOT)).map(({ file, method }) => `${file}: ${method}`)).toEqual([]);
});
