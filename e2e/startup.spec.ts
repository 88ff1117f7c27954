/**
 * `npm start` refuses bad configuration before it serves: it exits non-zero
 * within 5 s with one message naming every missing or invalid variable,
 * instead of printing "Ready" and answering 500 on every route. Runs the real
 * `npm start` (the standalone server.js of this build, behind its launcher),
 * and `next start` of the same build, with a stripped environment.
 */
import { runUntilExit } from './support/productionServer';
import { expect, test } from './support/test';

test('with no environment, next start exits non-zero within 5 s naming the missing variables', async () => {
  const result = await runUntilExit('next start', {});
  expect(result.code, result.output).not.toBe(0);
  expect(result.code, 'killed by the test instead of exiting by itself').not.toBeNull();
  expect(result.ms).toBeLessThan(5_000);
  expect(result.output).toContain('The server cannot start');
  expect(result.output).toMatch(/DATABASE_URL/);
  expect(result.output).toMatch(/SESSION_SECRET/);
});

test('npm start with no environment prints no "Ready" and exits non-zero, naming what is missing', async () => {
  const result = await runUntilExit('npm start', {});
  expect(result.code, result.output).not.toBe(0);
  expect(result.code, 'killed by the test instead of exiting by itself').not.toBeNull();
  expect(result.ms).toBeLessThan(5_000);
  expect(result.output).toContain('The server cannot start');
  expect(result.output).toMatch(/DATABASE_URL: missing/);
  expect(result.output).toMatch(/SESSION_SECRET: missing/);
  // Nothing that reads as success, and not Next's `next start` warning about standalone builds.
  expect(result.output).not.toMatch(/Ready|Next\.js|Local:/);
  expect(result.output).not.toMatch(/output: standalone/);
});

test('the standalone server refuses the same way', async () => {
  const result = await runUntilExit('standalone', { S3_ENDPOINT: 'not a url' });
  expect(result.code, result.output).not.toBe(0);
  expect(result.code, 'killed by the test instead of exiting by itself').not.toBeNull();
  expect(result.ms).toBeLessThan(5_000);
  expect(result.output).toMatch(/DATABASE_URL/);
  // Every variable env.ts declares is checked, not only the required ones.
  expect(result.output).toMatch(/S3_ENDPOINT/);
  expect(result.output).not.toMatch(/Ready/);
});

test('storage is all or none: a bucket without its keys stops the start, naming the keys', async () => {
  const result = await runUntilExit('next start', {
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
    SESSION_SECRET: 'x'.repeat(32),
    S3_BUCKET: 'uploads',
  });
  expect(result.code, result.output).not.toBe(0);
  expect(result.ms).toBeLessThan(5_000);
  expect(result.output).toMatch(/S3_ACCESS_KEY_ID: missing \(S3_\* are all or none/);
  expect(result.output).toContain('S3_SECRET_ACCESS_KEY');
  expect(result.output).not.toMatch(/DATABASE_URL: missing/);
});

test('an invalid variable is named together with the missing ones', async () => {
  const result = await runUntilExit('next start', { S3_ENDPOINT: 'not a url', S3_MAX_UPLOAD_SIZE: '-1' });
  expect(result.code, result.output).not.toBe(0);
  expect(result.ms).toBeLessThan(5_000);
  for (const name of ['S3_ENDPOINT', 'S3_MAX_UPLOAD_SIZE', 'DATABASE_URL', 'SESSION_SECRET']) {
    expect(result.output).toContain(name);
  }
});
