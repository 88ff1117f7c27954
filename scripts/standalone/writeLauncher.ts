/**
 * Puts the launcher (scripts/standalone/launcher.ts) in front of Next's
 * standalone server: Next's `server.js` becomes `next-server.js`, and
 * `server.js` is the launcher bundled with env.ts and zod, so the folder
 * still runs with plain `node server.js` and needs nothing from the checkout.
 * Safe to run twice on one build: a server.js that is already the launcher
 * is only rebuilt.
 */
import { existsSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** The first line of the bundled launcher, so a second run knows server.js is ours. */
const LAUNCHER_BANNER = '// Standalone launcher: checks the environment, then starts next-server.js.';

export async function writeLauncher(standalone: string): Promise<void> {
  const server = path.join(standalone, 'server.js');
  const nextServer = path.join(standalone, 'next-server.js');
  if (!readFileSync(server, 'utf8').startsWith(LAUNCHER_BANNER)) renameSync(server, nextServer);
  if (!existsSync(nextServer)) throw new Error(`${nextServer} is missing: run \`next build\` again`);
  await build({
    entryPoints: [path.join(import.meta.dirname, 'launcher.ts')],
    outfile: server,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Next's own modules come from the standalone node_modules at run time.
    external: ['@next/env', 'next', 'next/*'],
    banner: { js: LAUNCHER_BANNER },
    logLevel: 'warning',
  });
}
