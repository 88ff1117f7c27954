/**
 * The standalone server's entry point: `npm run build` bundles this file into
 * `.next/standalone/server.js` and keeps Next's own server.js beside it as
 * `next-server.js` (scripts/standalone/writeLauncher.ts).
 *
 * Next prints "Ready" before the app's instrumentation runs, so a server
 * missing DATABASE_URL used to announce success and then refuse to serve.
 * Here the environment is checked first, with env.ts's own schema (every
 * variable it declares, and the ones a running server cannot do without):
 * a bad configuration exits 1 naming every problem, and Next is not started.
 * The `.env*` files are read first, as Next reads them. Nothing else changes: signals, `PORT`, `HOSTNAME` and
 * `NEXT_MANUAL_SIG_HANDLE` mean what they mean to Next's server.
 *
 * The memory defaults (MALLOC_ARENA_MAX, V8's semi-space size) are not set here: glibc and V8 read them
 * when the process starts, before this file runs, and re-starting Node as a child would add a second
 * process to the memory they save. `npm start` sets them (package.json, scripts/startCommand.test.ts);
 * a deploy that runs `node server.js` sets them in its environment (docs/deployment.md, "Memory").
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
// As Next's standalone server does: it always runs in production mode.
Object.assign(process.env, { NODE_ENV: 'production' });
// The `.env*` files Next would read: the project's under `npm start` (npm names its package.json),
// else this folder's (the build copies `.env` and `.env.production` into it). Next's server then
// finds them loaded and keeps them.
const npmPackage = process.env.npm_package_json;
const envDir = npmPackage ? path.dirname(npmPackage) : dir;
const { loadEnvConfig } = createRequire(import.meta.url)('@next/env') as typeof import('@next/env');
loadEnvConfig(envDir, false, { info: () => {}, error: (...args: unknown[]) => console.error(...args) });

try {
  const { assertServerEnv } = await import('../../env');
  assertServerEnv();
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`\n✖ The server cannot start.\n${message}\n`);
  process.exit(1);
}

await import(pathToFileURL(path.join(dir, 'next-server.js')).href);
