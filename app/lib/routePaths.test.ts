/**
 * ROUTE_PATHS names every route file's path, so none has its OPTIONS answered as a page's, and nothing
 * that is not one.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROUTE_PATHS } from './routePaths';

const APP = path.resolve(import.meta.dirname, '..');

/** The URL path of every `app/**\/route.*`: route groups `(name)` add no segment. */
function routeFilePaths(): string[] {
  return readdirSync(APP, { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|\/)route\.(ts|tsx|js|mjs|mts)$/.test(file))
    .map((file) => {
      const segments = path
        .dirname(file)
        .split(path.sep)
        .filter((segment) => segment !== '.' && !/^\(.*\)$/.test(segment));
      return `/${segments.join('/')}`;
    });
}

const covers = (prefix: string, routePath: string) => routePath === prefix || routePath.startsWith(`${prefix}/`);

it('covers every route file', () => {
  const routes = routeFilePaths();
  expect(routes).toContain('/dev/mail/messages');
  for (const route of routes) {
    expect(
      ROUTE_PATHS.some((prefix) => covers(prefix, route)),
      `${route} is a route file: list its path (up to its first [param]) in app/lib/routePaths.ts`,
    ).toBe(true);
  }
});

it('lists only literal paths that lead to route files', () => {
  const routes = routeFilePaths();
  for (const prefix of ROUTE_PATHS) {
    expect(prefix, 'a path as the browser sends it, without [params] or a trailing slash').toMatch(/^(\/[^/[\]()]+)+$/);
    expect(
      routes.some((route) => covers(prefix, route)),
      `${prefix} has no route file`,
    ).toBe(true);
  }
});
