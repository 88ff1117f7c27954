import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['node_modules/**', '.next/**', 'e2e/**', '.data/**'],
    environment: 'node',
    globalSetup: ['scripts/vitest/globalSetup.ts'],
    setupFiles: ['scripts/vitest/setup.ts'],
    env: { NODE_ENV: 'test', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
