/**
 * The deploy artefact: `.next/standalone/` of this build, copied out of the
 * checkout as docs/deployment.md tells a host to ship it (so nothing resolves
 * from the checkout's node_modules), and run there with `node server.js` on
 * the e2e run's real PostgreSQL and s3rver. It must serve pages with their
 * static assets, sign up and in with a password, reach storage (/api/ready),
 * take an upload (where a model declares a slot) through presign -> PUT ->
 * confirm and hand the same bytes back, and stop on SIGTERM with exit 0 after
 * closing the pool.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readE2eServices } from '../scripts/e2eServices';
import { STANDALONE_SERVER, startProductionServer } from './support/productionServer';
import { ALICE } from './support/session';
import { expect, test } from './support/test';

test('a copy of .next/standalone serves, signs up and in, reaches storage and stops on SIGTERM', async ({
  playwright,
}) => {
  test.setTimeout(60_000);
  expect(existsSync(STANDALONE_SERVER), 'run `npm run build`: output is standalone').toBe(true);
  const release = mkdtempSync(path.join(os.tmpdir(), 'standalone-release-'));
  cpSync(path.dirname(STANDALONE_SERVER), release, { recursive: true, verbatimSymlinks: true });
  const server = await startProductionServer(
    'standalone',
    (port) => ({
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      NEXT_MANUAL_SIG_HANDLE: 'true',
      AUTH_DEV_LOGIN: 'true',
      APP_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: 'standalone-test-secret-not-for-production-0123',
      ...readE2eServices(),
    }),
    { standaloneDir: release },
  );
  try {
    const api = await playwright.request.newContext({ baseURL: server.baseURL });
    await expect
      .poll(async () => (await api.get('/api/ready').catch(() => undefined))?.status(), { timeout: 20_000 })
      .toBe(200);

    // A page, and the script it loads (copied beside server.js after the build).
    const page = await api.get('/sign-in');
    expect(page.status()).toBe(200);
    const script = (await page.text()).match(/\/_next\/static\/[^"]+\.js/)?.[0];
    expect(script, 'the page references its scripts').toBeTruthy();
    expect((await api.get(String(script))).status(), `${script} is served`).toBe(200);

    // A password account: better-auth and the rate limits in PostgreSQL, from the release's own node_modules.
    const account = { name: 'Stan', email: `stan-${Date.now()}@example.com`, password: 'standalone horse' };
    const origin = { origin: server.baseURL };
    const signUp = await api.post('/api/auth/sign-up/email', { data: account, headers: origin });
    expect(signUp.status(), await signUp.text()).toBe(200);
    const signIn = await api.post('/api/auth/sign-in/email', {
      data: { email: account.email, password: account.password },
      headers: origin,
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
    expect(((await (await api.get('/api/session')).json()) as { user: { name: string } }).user.name).toBe('Stan');

    const session = await api.post('/api/session', { data: { email: ALICE } });
    expect(session.status()).toBe(200);
    const team = ((await session.json()) as { teams: { id: number; name: string }[] }).teams.find(
      (candidate) => candidate.name === 'Acme',
    );
    expect(team).toBeDefined();

    // demo:begin
    // Into one of the demo's slots.
    const bytes = Buffer.from(`%PDF-1.4\n% standalone ${Date.now()}\n%%EOF\n`);
    const presign = await api.post(`/api/teams/${team?.id}/uploads/presign`, {
      data: {
        filename: 'standalone.pdf',
        contentType: 'application/pdf',
        byteSize: bytes.length,
        slot: 'Campaign.documents',
      },
    });
    expect(presign.status(), await presign.text()).toBe(200);
    const { asset, uploadUrl, headers } = (await presign.json()) as {
      asset: { id: number };
      uploadUrl: string;
      headers: Record<string, string>;
    };
    const put = await fetch(uploadUrl, { method: 'PUT', headers, body: bytes });
    expect(put.status).toBe(200);
    const confirm = await api.post(`/api/teams/${team?.id}/uploads/confirm`, { data: { assetId: asset.id } });
    expect(confirm.status(), await confirm.text()).toBe(200);
    const confirmed = (await confirm.json()) as { status: string; byteSize: number; url: string };
    expect(confirmed).toMatchObject({ status: 'ready', byteSize: bytes.length });
    const download = await fetch(confirmed.url);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    // demo:end
    await api.dispose();
  } finally {
    await server.stop();
    rmSync(release, { recursive: true, force: true });
  }
  expect(await server.exited, server.output()).toBe(0);
  expect(server.output()).toContain('SIGTERM: draining requests');
});
