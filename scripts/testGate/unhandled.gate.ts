// Fixture of scripts/testGate.test.ts: every test passes, but an error escapes them.
import { expect, it } from 'vitest';

it('gate fixture leaves an unhandled rejection', async () => {
  void Promise.reject(new Error('gate fixture: unhandled on purpose'));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(true).toBe(true);
});
