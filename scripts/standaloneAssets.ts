/**
 * `next build` with `output: 'standalone'` leaves the browser assets out of
 * .next/standalone (Next expects a CDN or a copy step): copy `.next/static`
 * and `public/` beside server.js so `node .next/standalone/server.js` serves
 * the whole app. Runs after every build (`npm run build`, `npm test`).
 */
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';

const standalone = path.join('.next', 'standalone');
if (!existsSync(path.join(standalone, 'server.js'))) {
  console.error('standaloneAssets: .next/standalone/server.js is missing (run `next build` with output: standalone)');
  process.exit(1);
}
cpSync(path.join('.next', 'static'), path.join(standalone, '.next', 'static'), { recursive: true });
if (existsSync('public')) cpSync('public', path.join(standalone, 'public'), { recursive: true });
console.log('standaloneAssets: copied .next/static (and public/) into .next/standalone');
