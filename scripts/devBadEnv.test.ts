/**
 * `npm run dev` with a value it cannot read (UPLOAD_MULTIPART_THRESHOLD=5MiB in
 * `.env.local`, here in the environment: dev reads both the same way) stops at
 * once, before starting any service, and names only that value: not
 * DATABASE_URL nor SESSION_SECRET, which it would have generated.
 */
import { afterAll, expect, it } from 'vitest';
import { type DevServer, startDevServer } from './testing/startDevServer';

let dev: DevServer | undefined;
afterAll(() => dev?.stop());

it('names the wrong value and what it takes, and nothing dev would have generated', async () => {
  dev = await startDevServer({ env: { UPLOAD_MULTIPART_THRESHOLD: '5MiB' } });
  expect(await dev.exited).toBe(1);
  const output = dev.output();
  expect(output).toContain('[dev] Invalid environment variables:');
  expect(output).toContain(
    'UPLOAD_MULTIPART_THRESHOLD: "5MiB" is not a number of bytes: write digits, e.g. 5242880 for 5 MiB',
  );
  expect(output).not.toMatch(/DATABASE_URL|SESSION_SECRET|NaN/);
  expect(output).not.toContain('starting');
}, 60_000);
