/**
 * applyBucketSetup against a real s3rver, run twice: CORS applied then
 * unchanged (and read back), lifecycle refused (s3rver does not implement
 * it), another app's CORS rule kept. What only a real store shows (the
 * lifecycle rule in place) is printed, not asserted.
 */
import { DeleteBucketCorsCommand, GetBucketCorsCommand, PutBucketCorsCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestStorage, type TestStorage } from '../testing/testStorage';
import { applyBucketSetup, CORS_RULE_ID } from './applyBucketSetup';
import { s3Client } from './s3Client';

let storage: TestStorage;
beforeAll(async () => {
  storage = await startTestStorage();
});
afterAll(async () => {
  await storage.stop();
});
// The test server starts with an open rule (`*`, no ID): start each test from a bucket without CORS.
beforeEach(async () => {
  await s3Client().send(new DeleteBucketCorsCommand({ Bucket: storage.s3.bucket }));
});

const corsRules = async () =>
  (await s3Client().send(new GetBucketCorsCommand({ Bucket: storage.s3.bucket }))).CORSRules ?? [];

describe('applyBucketSetup', () => {
  it('applies CORS once, then reports it unchanged; lifecycle is refused by s3rver both times', async () => {
    const origins = ['https://app.example.com', 'https://admin.example.com'];
    const first = await applyBucketSetup({ origins });
    expect(first).toEqual([
      { part: 'cors', outcome: 'applied', detail: expect.stringContaining('https://app.example.com') },
      { part: 'lifecycle', outcome: 'refused', detail: expect.stringContaining('staging/') },
    ]);
    console.info('s3rver answered the lifecycle rule with:', first[1]?.detail);
    expect(await corsRules()).toEqual([
      {
        ID: CORS_RULE_ID,
        AllowedOrigins: origins,
        AllowedMethods: ['GET', 'PUT', 'HEAD'],
        AllowedHeaders: ['content-type', 'x-amz-checksum-sha256'],
        ExposeHeaders: ['ETag'],
        MaxAgeSeconds: 3000,
      },
    ]);

    const second = await applyBucketSetup({ origins });
    expect(second.map((step) => step.outcome)).toEqual(['unchanged', 'refused']);
    expect(await corsRules()).toHaveLength(1);
  });

  it('the browser preflight of the upload PUT passes from an allowed origin only, with the signed headers only', async () => {
    await applyBucketSetup({ origins: ['https://app.example.com'] });
    const preflight = (origin: string, headers = 'content-type,x-amz-checksum-sha256') =>
      fetch(`${storage.s3.endpoint}/${storage.s3.bucket}/staging/x`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': headers },
      });
    const allowed = await preflight('https://app.example.com');
    expect(allowed.status).toBe(200);
    // s3rver answers `*` for any matched rule; a real store echoes the origin.
    expect(allowed.headers.get('access-control-allow-origin')).not.toBeNull();
    expect(allowed.headers.get('access-control-allow-methods')).toBe('GET, PUT, HEAD');
    expect((await preflight('https://evil.example.com')).status).toBe(403);
    expect((await preflight('https://app.example.com', 'content-type,x-amz-acl')).status).toBe(403);
  });

  it("replaces its own rule when the origins change and keeps another app's rule", async () => {
    await s3Client().send(
      new PutBucketCorsCommand({
        Bucket: storage.s3.bucket,
        CORSConfiguration: {
          CORSRules: [{ ID: 'other-app', AllowedOrigins: ['https://other.example.com'], AllowedMethods: ['GET'] }],
        },
      }),
    );
    await applyBucketSetup({ origins: ['https://one.example.com'] });
    const [step] = await applyBucketSetup({ origins: ['https://two.example.com'] });
    expect(step).toMatchObject({ outcome: 'applied', detail: expect.stringContaining('kept 1 other rule') });
    expect((await corsRules()).map((rule) => [rule.ID, rule.AllowedOrigins])).toEqual([
      ['other-app', ['https://other.example.com']],
      [CORS_RULE_ID, ['https://two.example.com']],
    ]);
  });

  it('refuses to run without an origin', async () => {
    await expect(applyBucketSetup({ origins: [] })).rejects.toThrow(/at least one origin/);
  });
});
