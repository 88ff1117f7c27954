import { describe, expect, it } from 'vitest';
import { AppError } from '../controller/errors';
import { readJsonBody } from './readJsonBody';

const URL_ = 'http://localhost/api/posts';
const JSON_TYPE = { 'content-type': 'application/json' };

function post(body: BodyInit | null, headers: Record<string, string> = JSON_TYPE): Request {
  return new Request(URL_, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
}

async function rejection(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

/** A body stream of `chunks` chunks of 64 KiB that records how many were pulled. */
function countingStream(chunks: number): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  const chunk = new Uint8Array(65_536).fill(0x20);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= chunks) return controller.close();
      pulled++;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

describe('readJsonBody', () => {
  it('parses a JSON object', async () => {
    expect(await readJsonBody(post('{"data":{"name":"Spring"}}'))).toEqual({ data: { name: 'Spring' } });
  });

  it('accepts parameters and any case in the content type', async () => {
    const request = post('{"a":1}', { 'content-type': 'Application/JSON; charset=utf-8' });
    expect(await readJsonBody(request)).toEqual({ a: 1 });
  });

  it('returns valid non-object JSON as is', async () => {
    expect(await readJsonBody(post('[1,2]'))).toEqual([1, 2]);
    expect(await readJsonBody(post('"text"'))).toBe('text');
    expect(await readJsonBody(post('null'))).toBeNull();
    expect(await readJsonBody(post('42'))).toBe(42);
  });

  it('treats an empty body as {} whatever the content type', async () => {
    expect(await readJsonBody(new Request(URL_, { method: 'POST' }))).toEqual({});
    expect(await readJsonBody(post(''))).toEqual({});
    expect(await readJsonBody(post('', { 'content-type': 'text/plain' }))).toEqual({});
    expect(await readJsonBody(post('', {}))).toEqual({});
  });

  it.each([
    ['text/plain', '{"a":1}'],
    ['application/x-www-form-urlencoded', 'a=1'],
    ['multipart/form-data; boundary=x', '{"a":1}'],
    ['application/jsonp', '{"a":1}'],
    ['text/json', '{"a":1}'],
  ])('refuses content type %s with 415', async (type, body) => {
    const error = await rejection(() => readJsonBody(post(body, { 'content-type': type })));
    expect(error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(error.status).toBe(415);
  });

  it('refuses a body without a content type', async () => {
    const request = post(new Blob(['{"a":1}']), {});
    expect(request.headers.get('content-type')).toBeNull();
    expect((await rejection(() => readJsonBody(request))).status).toBe(415);
  });

  it.each(['{', '{"a":}', "{'a':1}", '{"a":1}}', 'undefined', '\u0000'])(
    'answers 400 for malformed JSON %j',
    async (body) => {
      const error = await rejection(() => readJsonBody(post(body)));
      expect(error.status).toBe(400);
      expect(error.message).toBe('Malformed JSON body');
    },
  );

  it('answers 400 for invalid UTF-8', async () => {
    const error = await rejection(() => readJsonBody(post(new Uint8Array([0x22, 0xff, 0xfe, 0x22]))));
    expect(error.message).toBe('Malformed JSON body');
  });

  it('accepts a body of exactly the limit', async () => {
    const body = `"${'a'.repeat(98)}"`;
    expect(await readJsonBody(post(body), 100)).toBe('a'.repeat(98));
  });

  it('refuses a 2 MB body with Content-Length before reading it', async () => {
    const { stream, pulled } = countingStream(32);
    const request = post(stream, { ...JSON_TYPE, 'content-length': String(2 * 1_048_576) });
    const error = await rejection(() => readJsonBody(request));
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.status).toBe(413);
    expect(error.message).toBe('Request body exceeds 1 MiB');
    expect(pulled()).toBeLessThanOrEqual(1);
  });

  it('refuses a 2 MB body without Content-Length, stopping soon after the limit', async () => {
    const { stream, pulled } = countingStream(32);
    const error = await rejection(() => readJsonBody(post(stream)));
    expect(error.status).toBe(413);
    expect(pulled()).toBeLessThanOrEqual(18);
  });

  it('refuses a 2 MB body whose Content-Length lies', async () => {
    const { stream, pulled } = countingStream(32);
    const error = await rejection(() => readJsonBody(post(stream, { ...JSON_TYPE, 'content-length': '10' })));
    expect(error.status).toBe(413);
    expect(pulled()).toBeLessThanOrEqual(18);
  });

  it('refuses a 2 MB string body', async () => {
    const body = JSON.stringify({ data: 'x'.repeat(2 * 1_048_576) });
    expect((await rejection(() => readJsonBody(post(body)))).status).toBe(413);
  });

  it('names a custom limit in the message', async () => {
    expect((await rejection(() => readJsonBody(post('"abcdef"'), 4))).message).toBe('Request body exceeds 4 bytes');
  });

  it.each([
    ['{"name":"a\\u0000b"}', 'name', /U\+0000/],
    ['{"data":{"tags":["ok","\\u0000"]}}', 'data.tags.1', /U\+0000/],
    ['{"data":{"a\\u0000":1}}', 'data', /U\+0000/],
    ['"\\u0000"', 'body', /U\+0000/],
    // Stored, these would become U+FFFD: a change to the data nobody asked for.
    ['{"name":"a\\ud800b"}', 'name', /unpaired surrogate/],
    ['{"data":{"tags":["ok","\\udfff"]}}', 'data.tags.1', /unpaired surrogate/],
    ['"\\ude00\\ud83d"', 'body', /unpaired surrogate/],
  ])('refuses what PostgreSQL cannot store as sent in %s', async (body, field, message) => {
    const error = await rejection(() => readJsonBody(post(body)));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(message);
    expect(Object.keys(error.fields ?? {})).toEqual([field]);
  });

  it('keeps an escaped surrogate pair: it is one character', async () => {
    expect(await readJsonBody(post('{"name":"\\ud83d\\ude00 \\uD834\\uDD1E"}'))).toEqual({ name: '😀 𝄞' });
  });

  it('does not mistake an escaped backslash for U+0000', async () => {
    expect(await readJsonBody(post('{"path":"C:\\\\u0000"}'))).toEqual({ path: 'C:\\u0000' });
  });

  it('survives deeply nested JSON', async () => {
    const depth = 200_000;
    const body = `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`;
    const error = await rejection(() => readJsonBody(post(body)));
    expect(error.status).toBe(400);
  });
});
