/**
 * The paths whose OPTIONS a route file answers come from the route files on disk: a new route file
 * outside /api is listed by `npm run gen`, with no list to keep by hand.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { discoverRoutePaths, renderRoutePaths, routePathOf } from './discoverRoutePaths';

const ROOT = path.resolve(import.meta.dirname, '../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'route-paths-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function write(file: string): void {
  mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
  writeFileSync(path.join(scratch, file), 'export const GET = () => new Response();\n');
}

it("lists the app's route files outside /api", () => {
  expect(discoverRoutePaths(ROOT)).toEqual(['/api', '/dev/mail/messages']);
});

it('takes each path up to its first dynamic segment, without groups; private folders serve nothing', () => {
  expect(routePathOf('feeds/rss')).toBe('/feeds/rss');
  expect(routePathOf('(marketing)/feeds/[slug]/rss')).toBe('/feeds');
  expect(routePathOf('files/[...key]')).toBe('/files');
  expect(routePathOf('[locale]/sitemap')).toBe('/');
  expect(routePathOf('_internal/feed')).toBeNull();
  expect(routePathOf('@modal/feed')).toBeNull();
});

it('finds a new route file, drops paths another covers, and leaves out files about to be deleted', () => {
  write('app/api/things/route.ts');
  write('app/(site)/feeds/rss/route.ts');
  write('app/feeds/atom/route.tsx');
  write('app/feeds/page.tsx');
  write('app/hooks/[id]/route.ts');
  write('app/hooks/[id]/retry/route.ts');
  write('app/_lib/route.ts');
  expect(discoverRoutePaths(scratch)).toEqual(['/api', '/feeds/atom', '/feeds/rss', '/hooks']);
  expect(discoverRoutePaths(scratch, new Set(['app/feeds/atom/route.tsx']))).toEqual(['/api', '/feeds/rss', '/hooks']);
  // A route file at a dynamic top segment may serve any path: every OPTIONS goes on to Next.js.
  write('app/[tenant]/route.ts');
  expect(discoverRoutePaths(scratch)).toEqual(['/']);
  expect(renderRoutePaths(['/api', '/feeds'])).toContain(
    "export const ROUTE_PATHS: readonly string[] = ['/api', '/feeds'];",
  );
});
