/**
 * A fresh `npm run dev` prints no line that looks like an error while
 * nothing is wrong: the real script (embedded PostgreSQL and S3, generated
 * secret, `next dev`) in a temporary data folder on free ports, through its
 * start and the first requests that build better-auth (/api/auth/get-session)
 * and the S3 client (/api/ready checks the bucket). Those used to print
 * Next's `⨯ serverMinification`, better-auth's "Base URL is not set" and the
 * AWS SDK's Node 22 notice. `npm start`'s side: e2e/cleanConsole.spec.ts.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, it } from 'vitest';
import { errorLookingLines } from './consoleCheck';
import { type DevServer, startDevServer } from './testing/startDevServer';

let dev: DevServer | undefined;
afterAll(() => dev?.stop());

async function get(url: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status !== 0 || Date.now() > deadline) return status;
    await sleep(250);
  }
}

it('prints no error-looking line through start-up and the first requests', async () => {
  // The zero-config path, without the SDK notice's switch the test run sets.
  dev = await startDevServer({ env: { DEV_SEED: 'false' } });
  const { baseURL: base, output } = dev;

  // Each first request compiles its route: minutes on a loaded machine.
  expect(await get(`${base}/api/ready`, 150_000), output()).toBe(200);
  expect(await get(`${base}/api/auth/get-session`, 60_000), output()).toBe(200);
  await sleep(1_000); // notices are printed on the next tick
  expect(output()).toMatch(/Ready in/);
  expect(errorLookingLines(output()), output()).toEqual([]);
}, 240_000);
