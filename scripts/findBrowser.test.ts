import { execFileSync, execSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findBrowser, INSTALL_HELP, requireBrowser } from './findBrowser';

// Any process the finder starts (an installer, say) is recorded instead of run.
vi.mock('node:child_process', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:child_process')>();
  return { ...original, spawn: vi.fn(), spawnSync: vi.fn(), execSync: vi.fn(), execFileSync: vi.fn() };
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('findBrowser', () => {
  it('uses CHROMIUM_PATH first, with the flags a system Chromium needs in a container', () => {
    vi.stubEnv('CHROMIUM_PATH', process.execPath); // any existing file stands in for a browser
    expect(findBrowser()).toEqual({
      executablePath: process.execPath,
      source: 'CHROMIUM_PATH',
      args: expect.arrayContaining(['--no-sandbox', '--disable-dev-shm-usage', '--disable-background-networking']),
    });
  });

  it('names what to install when CHROMIUM_PATH points nowhere', () => {
    vi.stubEnv('CHROMIUM_PATH', '/nonexistent/chromium');
    expect(() => requireBrowser()).toThrow('CHROMIUM_PATH=/nonexistent/chromium does not exist.');
    expect(() => requireBrowser()).toThrow(INSTALL_HELP);
    expect(INSTALL_HELP).toContain('npx playwright install chromium');
    expect(INSTALL_HELP).toContain('apt-get install -y chromium');
  });
});

describe('requireBrowser without any browser', () => {
  it('fails naming the commands that install one, and runs no installer itself', () => {
    vi.stubEnv('CHROMIUM_PATH', '');
    // Playwright looks for its own browser here: an empty folder has none.
    vi.stubEnv('PLAYWRIGHT_BROWSERS_PATH', mkdtempSync(path.join(os.tmpdir(), 'no-browsers-')));
    expect(() => requireBrowser({ systemPath: '/nonexistent/chromium' })).toThrow(INSTALL_HELP);
    for (const run of [spawn, spawnSync, execSync, execFileSync]) expect(run).not.toHaveBeenCalled();
  });
});
