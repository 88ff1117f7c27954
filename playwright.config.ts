/**
 * Playwright: Chromium only, one worker, against the standalone server of
 * the production build, as `npm start` runs it (`npm test` builds first).
 * `scripts/e2eServer.ts` starts the app with its own database, s3rver,
 * AUTH_DEV_LOGIN=true and a test SESSION_SECRET.
 * The browser comes from scripts/findBrowser.ts. Set E2E_PORT to pin the port.
 */
import { defineConfig, devices } from '@playwright/test';
import { requireBrowser } from './scripts/findBrowser';
import { freePort } from './server/testing';

// Chosen once in the main process; workers inherit it through the environment.
process.env.E2E_PORT ??= String(await freePort(3100));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const browser = requireBrowser();

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: browser.executablePath, args: browser.args },
      },
    },
  ],
  webServer: {
    // Plain node with tsx's loader: no PATH lookup, one process fewer between signals and Next.
    command: 'node --import tsx scripts/e2eServer.ts',
    url: `${baseURL}/api/health`,
    env: { E2E_PORT: String(process.env.E2E_PORT) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
