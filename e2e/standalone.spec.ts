/**
 * The deploy artefact: `node .next/standalone/server.js` of this build, on the
 * e2e run's real PostgreSQL and s3rver, as docs/deployment.md tells a host to
 * run it. It must serve pages with their static assets, sign in, reach
 * storage (/api/ready), take an upload (where a model declares a slot)
 * through presign -> PUT -> confirm and hand the same bytes back, and stop on
 * SIGTERM with exit 0 after closing the pool.
 */
import { existsSync } from 'node:fs';
import { readE2eServices } from '../scripts/e2eServices';
import { STANDALONE_SERVER, startProductionServer } from './support/productionServer';
import { ALICE } from './support/session';
import { expect, test } from './support/test';

test('node .next/standalone/server.js serves, signs in, reaches storage and stops on SIGTERM', async ({
  playwright,
}) => {
  test.setTimeout(60_000);
  expect(existsSync(STANDALONE_SERVER), 'run `npm run build`: output is standalone').toBe(true);
  const server = await startProductionServer('standalone', (port) => ({
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    NEXT_MANUAL_SIG_HANDLE: 'true',
    AUTH_DEV_LOGIN: 'true',
    APP_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: 'standalone-test-secret-not-for-production-0123',
    ...readE2eServices(),
  }));
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
  }
  expect(await server.exited, server.output()).toBe(0);
  expect(server.output()).toContain('SIGTERM: draining requests');
});
