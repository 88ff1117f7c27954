/** The gate's Playwright fixture: the project's browser set-up, no web server, a report where the gate says. */
import { defineConfig } from '@playwright/test';
import { requireBrowser } from '../findBrowser';

const browser = requireBrowser();

export default defineConfig({
  testDir: '.',
  testMatch: '*.gate.spec.ts',
  workers: 1,
  retries: 0,
  outputDir: process.env.GATE_OUTPUT_DIR,
  reporter: [['json', { outputFile: process.env.GATE_REPORT }]],
  use: { launchOptions: { executablePath: browser.executablePath, args: browser.args } },
});
