// Fixture of scripts/testGate.test.ts: one test that fails, one that passes.
import { expect, it } from 'vitest';

it('gate fixture fails on purpose', () => {
  expect(1).toBe(2);
});

it('gate fixture passes', () => {
  expect(process.env.DATABASE_URL).toMatch(/^postgres:/);
});
