import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStorage, type TestStorage } from '../testing/testStorage';
import { configureStorage } from './configureStorage';
import { attachmentDisposition } from './contentDisposition';
import { generateObjectKey } from './objectKey';
import { putObject } from './objectStore';
import { privateObjectUrl, publicObjectUrl } from './objectUrls';

let storage: TestStorage;
beforeAll(async () => {
  storage = await startTestStorage({ privateUrlExpiry: 900 });
});
afterAll(() => storage.stop());

const aws = { bucket: 'my-bucket', region: 'eu-west-1', accessKeyId: 'AKID', secretAccessKey: 'SECRET' };

describe('publicObjectUrl', () => {
  it('prefers publicUrlBase, then endpoint/bucket, then the AWS host', () => {
    try {
      configureStorage({ ...aws, publicUrlBase: 'https://cdn.example.com/files/' });
      expect(publicObjectUrl('uploads/2026/11/abc.png')).toBe('https://cdn.example.com/files/uploads/2026/11/abc.png');
      configureStorage({ ...aws, endpoint: 'http://localhost:9000' });
      expect(publicObjectUrl('uploads/a b.png')).toBe('http://localhost:9000/my-bucket/uploads/a%20b.png');
      configureStorage(aws);
      expect(publicObjectUrl('uploads/x.png')).toBe('https://my-bucket.s3.eu-west-1.amazonaws.com/uploads/x.png');
      configureStorage({ ...aws, bucket: 'assets.example.com' });
      expect(publicObjectUrl('uploads/x.png')).toBe(
        'https://s3.eu-west-1.amazonaws.com/assets.example.com/uploads/x.png',
      );
    } finally {
      configureStorage(storage.options);
    }
  });

  it('serves the bytes from the embedded store', async () => {
    const key = generateObjectKey('logo.png', 'image/png', 'public');
    await putObject({ key, body: Buffer.from('png bytes'), contentType: 'image/png' });
    const response = await fetch(publicObjectUrl(key));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('png bytes');
  });
});

describe('privateObjectUrl', () => {
  it('is a presigned GET, valid privateUrlExpiry seconds, that downloads the file under its name', async () => {
    const key = generateObjectKey('report.pdf', 'application/pdf', 'private');
    const body = Buffer.from('%PDF private bytes');
    await putObject({ key, body, contentType: 'application/pdf' });
    const filename = 'Quarterly "report" – Ünïcode.pdf';

    const url = new URL(await privateObjectUrl(key, filename));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('response-content-disposition')).toBe(attachmentDisposition(filename));

    // s3rver honours response-content-disposition, like S3.
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(body)).toBe(true);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Quarterly _report_ _ Unicode.pdf"; filename*=UTF-8''Quarterly%20%22report%22%20%E2%80%93%20%C3%9Cn%C3%AFcode.pdf`,
    );
  });
});

describe('attachmentDisposition', () => {
  it.each([
    ['report.pdf', `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`],
    ['résumé.pdf', `attachment; filename="resume.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`],
    ['日本語.txt', `attachment; filename="___.txt"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E8%AA%9E.txt`],
    [`it's (final)*.txt`, `attachment; filename="it's (final)*.txt"; filename*=UTF-8''it%27s%20%28final%29%2A.txt`],
    ['a\\b"c.txt', `attachment; filename="b_c.txt"; filename*=UTF-8''b%22c.txt`],
    [
      'evil\r\nSet-Cookie: x=1.txt',
      `attachment; filename="evilSet-Cookie: x=1.txt"; filename*=UTF-8''evilSet-Cookie%3A%20x%3D1.txt`,
    ],
    ['../../etc/passwd', `attachment; filename="passwd"; filename*=UTF-8''passwd`],
    ['100%.txt', `attachment; filename="100_.txt"; filename*=UTF-8''100%25.txt`],
    ['', `attachment; filename="download"; filename*=UTF-8''download`],
  ])('%j', (filename, expected) => {
    expect(attachmentDisposition(filename)).toBe(expected);
  });
});
