import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import { describe, expect, it } from 'vitest';
import config from './next.config';

const require = createRequire(import.meta.url);

describe('next.config.ts', () => {
  // The standalone folder is the deploy artefact: copied out of the checkout, it has only the node_modules
  // files the build traced. rate-limiter-flexible imports drizzle-orm by a computed name (`['drizzle',
  // 'orm'].join('-')`), which no tracer can follow; bundled, drizzle-orm was then missing beside it, and
  // every rate-limited request (sign-up, sign-in, presign) answered 500 "Cannot find package 'drizzle-orm'"
  // outside the checkout. External, drizzle-orm is traced from the app's own imports and ships.
  it('keeps drizzle-orm external, so a copied standalone build has the one rate-limiter-flexible imports', () => {
    const limiter = readFileSync(require.resolve('rate-limiter-flexible/lib/RateLimiterDrizzle.js'), 'utf8');
    expect(limiter).toContain("['drizzle', 'orm'].join('-')");
    for (const phase of [PHASE_PRODUCTION_BUILD, 'phase-production-server']) {
      const packages = config(phase).serverExternalPackages ?? [];
      expect(packages).toContain('rate-limiter-flexible');
      expect(packages).toContain('drizzle-orm');
    }
  });
});
