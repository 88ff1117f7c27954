/**
 * A healthy `npm start` prints nothing that looks like an error: Next's few
 * start-up lines, then JSON log lines below warn level, while it serves
 * /api/ready (which reaches storage through the S3 client), a page, the dev
 * sign-in, better-auth and an upload presign where a model declares a slot
 * (the auth instance and the S3 client used to print their notices here as
 * plain text). The dev server's side is scripts/devConsole.test.ts.
 */
import { errorLookingLines, unexpectedProductionLines } from '../scripts/consoleCheck';
import { readE2eServices } from '../scripts/e2eServices';
import { startProductionServer } from './support/productionServer';
import { ALICE } from './support/session';
import { expect, test } from './support/test';

test('a healthy npm start prints only its start-up lines and JSON logs below warn', async ({ playwright }) => {
  test.setTimeout(60_000);
  // What a production host sets, and nothing from this test run's environment.
  const server = await startProductionServer('npm start', (port) => ({
    APP_URL: `http://127.0.0.1:${port}`,
    // Mails printed to the log rather than sent: production asks for a transport.
    MAIL_TRANSPORT: 'log',
    AUTH_DEV_LOGIN: 'true',
    SESSION_SECRET: 'clean-console-test-secret-not-for-production',
    ...readE2eServices(),
  }));
  try {
    const api = await playwright.request.newContext({ baseURL: server.baseURL });
    await expect
      .poll(async () => (await api.get('/api/ready').catch(() => undefined))?.status(), { timeout: 20_000 })
      .toBe(200);
    expect((await api.get('/sign-in')).status()).toBe(200);
    const session = await api.post('/api/session', { data: { email: ALICE } });
    expect(session.status()).toBe(200);
    expect((await api.get('/api/auth/get-session')).status()).toBe(200);
    // demo:begin
    // A presign into one of the demo's slots (S3's request presigner).
    const team = ((await session.json()) as { teams: { id: number; name: string }[] }).teams.find(
      (candidate) => candidate.name === 'Acme',
    );
    const presign = await api.post(`/api/teams/${team?.id}/uploads/presign`, {
      data: { filename: 'a.pdf', contentType: 'application/pdf', byteSize: 10, slot: 'Campaign.documents' },
    });
    expect(presign.status(), await presign.text()).toBe(200);
    // demo:end
    expect((await api.get('/api/health')).status()).toBe(200);
    await api.dispose();
    // Notices come asynchronously (process warnings are emitted on the next tick): give them a moment.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  } finally {
    await server.stop();
  }
  const output = server.output();
  expect(output).toMatch(/Ready in/);
  expect(unexpectedProductionLines(output), output).toEqual([]);
  expect(errorLookingLines(output), output).toEqual([]);
});
