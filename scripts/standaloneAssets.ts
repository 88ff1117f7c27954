/**
 * Completes `.next/standalone` after `next build` (runs after every build:
 * `npm run build`, `npm test`):
 * - `output: 'standalone'` leaves the browser assets out (Next expects a CDN
 *   or a copy step): `.next/static` and `public/` are copied beside server.js,
 *   so `node .next/standalone/server.js` serves the whole app;
 * - server.js becomes the launcher that validates the environment before
 *   Next starts (scripts/standalone/launcher.ts).
 */
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { writeLauncher } from './standalone/writeLauncher';

const standalone = path.join('.next', 'standalone');
if (!existsSync(path.join(standalone, 'server.js'))) {
  console.error('standaloneAssets: .next/standalone/server.js is missing (run `next build` with output: standalone)');
  process.exit(1);
}
cpSync(path.join('.next', 'static'), path.join(standalone, '.next', 'static'), { recursive: true });
if (existsSync('public')) cpSync('public', path.join(standalone, 'public'), { recursive: true });
await writeLauncher(standalone);
console.log(
  'standaloneAssets: copied .next/static (and public/) into .next/standalone; server.js checks the environment first',
);
