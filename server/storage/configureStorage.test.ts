import { afterEach, describe, expect, it } from 'vitest';
import { ServiceUnavailable } from '../controller/errors';
import { configureStorage, resetStorageConfig, storageConfig } from './configureStorage';
import { s3Client } from './s3Client';

const required = {
  bucket: 'uploads',
  region: 'eu-west-1',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'secret-value',
};

afterEach(() => resetStorageConfig());

function configError(options: Record<string, unknown>): string {
  try {
    // biome-ignore lint/suspicious/noExplicitAny: deliberately passing invalid options.
    configureStorage(options as any);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('configureStorage accepted invalid options');
}

describe('configureStorage', () => {
  it('fills in the defaults of the spec', () => {
    configureStorage(required);
    expect(storageConfig()).toEqual({
      ...required,
      privateUrlExpiry: 3600,
      uploadUrlExpiry: 300,
      defaultMaxSize: 104_857_600,
      connectionTimeoutMs: 3000,
      socketTimeoutMs: 30_000,
      maxAttempts: 2,
    });
  });

  it('keeps given options and trims trailing slashes of URLs', () => {
    configureStorage({
      ...required,
      region: 'auto',
      endpoint: 'https://acct.r2.cloudflarestorage.com/',
      publicUrlBase: 'https://cdn.example.com/assets//',
      privateUrlExpiry: 60,
      uploadUrlExpiry: 120,
      defaultMaxSize: 1024,
    });
    expect(storageConfig()).toMatchObject({
      region: 'auto',
      endpoint: 'https://acct.r2.cloudflarestorage.com',
      publicUrlBase: 'https://cdn.example.com/assets',
      privateUrlExpiry: 60,
      uploadUrlExpiry: 120,
      defaultMaxSize: 1024,
    });
  });

  it('is a 503 when never configured (uploads are off), with the operator message as its cause', () => {
    let error: unknown;
    try {
      storageConfig();
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ServiceUnavailable);
    expect((error as ServiceUnavailable).status).toBe(503);
    expect(String((error as { cause?: Error }).cause?.message)).toMatch(
      /Storage is not configured: call configureStorage/,
    );
  });

  it('names each invalid option and never echoes the credentials', () => {
    const message = configError({
      ...required,
      bucket: 'x',
      accessKeyId: '',
      privateUrlExpiry: -1,
      endpoint: 'ftp://x',
    });
    expect(message).toMatch(/^Invalid storage configuration/);
    expect(message).toMatch(/bucket: must be at least 3 characters/);
    expect(message).toMatch(/accessKeyId: is required/);
    expect(message).toMatch(/privateUrlExpiry: /);
    expect(message).toMatch(/endpoint: must be an http\(s\) URL/);
    expect(message).not.toContain('secret-value');
    expect(configError({ region: 'us-east-1' })).toMatch(/bucket: is required[\s\S]*secretAccessKey: is required/);
    expect(configError({ ...required, uploadUrlExpiry: 700_000 })).toMatch(/uploadUrlExpiry: must be at most 604800/);
    expect(configError({ ...required, defaultMaxSize: 1.5 })).toMatch(/defaultMaxSize: /);
  });

  it("rejects region 'auto' without an endpoint", () => {
    expect(configError({ ...required, region: 'auto' })).toMatch(/region: 'auto' needs an endpoint/);
  });

  it('resolves a function lazily, once, and reports its mistakes on first use', () => {
    let calls = 0;
    configureStorage(() => {
      calls += 1;
      return { ...required, bucket: 'lazy-bucket' };
    });
    expect(calls).toBe(0);
    expect(storageConfig().bucket).toBe('lazy-bucket');
    expect(storageConfig().bucket).toBe('lazy-bucket');
    expect(calls).toBe(1);

    // e.g. `next build` registers the function with no S3 variables set: no error until used.
    configureStorage(() => ({ ...required, bucket: undefined as unknown as string }));
    expect(() => storageConfig()).toThrow(/bucket: is required/);
  });
});

describe('s3Client', () => {
  it('is one cached client, rebuilt only when connection settings change', async () => {
    configureStorage({ ...required, endpoint: 'http://127.0.0.1:9' });
    const first = s3Client();
    expect(s3Client()).toBe(first);
    expect(first.config.forcePathStyle).toBe(true);
    expect(await first.config.requestChecksumCalculation()).toBe('WHEN_REQUIRED');
    expect(await first.config.responseChecksumValidation()).toBe('WHEN_REQUIRED');
    expect(await first.config.region()).toBe('eu-west-1');

    // Options that do not touch the connection keep the client.
    configureStorage({ ...required, endpoint: 'http://127.0.0.1:9', privateUrlExpiry: 10 });
    expect(s3Client()).toBe(first);

    configureStorage({ ...required, region: 'auto', endpoint: 'http://127.0.0.1:9' });
    const second = s3Client();
    expect(second).not.toBe(first);
    expect(await second.config.region()).toBe('auto');
  });

  it('uses virtual-host addressing on AWS (no endpoint)', () => {
    configureStorage(required);
    expect(s3Client().config.forcePathStyle).toBe(false);
  });
});
