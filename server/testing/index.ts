/**
 * Test and dev-service helpers for code outside `server/` (the app's tests,
 * scripts): a real s3rver, storage configured against it, a free port, a wait.
 * `testDatabase.ts` is left out on purpose: importing it registers the
 * framework's test database, which app tests must not do (db/database.ts does).
 */
export { captureLog, type LogCapture, type LogLine } from './captureLog';
export { freePort } from './freePort';
export { type EmbeddedS3, S3RVER_CREDENTIALS, startS3Server } from './s3Server';
export { TINY_PNG } from './samplePng';
export { startTestStorage, type TestStorage } from './testStorage';
export { until } from './until';
