/**
 * Which Chromium the Playwright run uses, in this order:
 * 1. CHROMIUM_PATH, when set (an explicit choice wins);
 * 2. Playwright's own Chromium, when `npx playwright install chromium` ran;
 * 3. the system Chromium at /usr/bin/chromium (Debian's `chromium` package).
 * With none, `requireBrowser()` says exactly what to install. It never
 * installs anything itself: a test command does not change the host
 * (.ci/run installs Debian's package explicitly).
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export interface FoundBrowser {
  /** undefined: Playwright's own browser (Playwright picks the binary). */
  executablePath: string | undefined;
  source: 'CHROMIUM_PATH' | 'playwright' | 'system';
  /** Launch flags; the extra ones keep a system Chromium off the network and GPU in containers. */
  args: string[];
}

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

const ARGS = [
  '--no-sandbox',
  '--disable-dev-shm-usage',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export const INSTALL_HELP = `No Chromium found for the Playwright tests. Install one of:
  - Playwright's own browser:   npx playwright install chromium
  - Debian/Ubuntu system one:   sudo apt-get install -y chromium   (then it is at ${SYSTEM_CHROMIUM})
  - or point CHROMIUM_PATH at any Chromium/Chrome binary: CHROMIUM_PATH=/path/to/chrome npm test`;

export function findBrowser(options: { systemPath?: string } = {}): FoundBrowser | undefined {
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit) {
    if (!existsSync(explicit)) throw new Error(`CHROMIUM_PATH=${explicit} does not exist.\n${INSTALL_HELP}`);
    return { executablePath: explicit, source: 'CHROMIUM_PATH', args: ARGS };
  }
  if (playwrightChromiumInstalled()) return { executablePath: undefined, source: 'playwright', args: ARGS };
  const system = options.systemPath ?? SYSTEM_CHROMIUM;
  if (existsSync(system)) return { executablePath: system, source: 'system', args: ARGS };
  return undefined;
}

/** The browser, or an error saying how to get one (`systemPath`: where to look for the system one). */
export function requireBrowser(options: { systemPath?: string } = {}): FoundBrowser {
  const found = findBrowser(options);
  if (found) return found;
  throw new Error(INSTALL_HELP);
}

function playwrightChromiumInstalled(): boolean {
  try {
    return existsSync(chromium.executablePath());
  } catch {
    return false;
  }
}
