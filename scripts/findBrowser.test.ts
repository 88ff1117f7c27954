import { afterEach, describe, expect, it, vi } from 'vitest';
import { findBrowser, INSTALL_HELP, requireBrowser } from './findBrowser';

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
