/**
 * Test-only helpers of the multipart tests: the client's side of a multipart
 * upload through the API handler (create, PUT a part, record), and a record
 * of the S3 commands the app sends (the app's side of what s3rver cannot do).
 */
import { expect } from 'vitest';
import { s3Client } from '../s3Client';
import { call } from './attachmentFixtures';
import { ALICE } from './uploadFlow';

export const post = (action: string, body: unknown, user = ALICE) =>
  call('POST', `/teams/1/uploads/${action}`, { user, body });

/** A "PDF" of `size` bytes: the signature, then bytes that differ per part (a misplaced part would show). */
export function bigPdf(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let offset = 0; offset < size; offset += 4096) bytes.writeUInt32BE(offset, offset);
  bytes.write('%PDF-1.7\n', 0);
  return bytes;
}

/** The S3 commands the app sends while `run` runs (name and upload id). */
export async function commandsDuring(run: () => Promise<void>): Promise<string[]> {
  const sent: string[] = [];
  s3Client().middlewareStack.add(
    (next, context) => async (args) => {
      const { UploadId } = args.input as { UploadId?: string };
      sent.push(`${context.commandName}${UploadId ? ` ${UploadId}` : ''}`);
      return next(args);
    },
    { step: 'initialize', name: 'recordCommandsForTest' },
  );
  try {
    await run();
  } finally {
    s3Client().middlewareStack.remove('recordCommandsForTest');
  }
  return sent;
}

/** PUTs `body` to a presigned part URL; returns the ETag the store answered. */
export async function putPart(url: string, body: Buffer): Promise<string> {
  const response = await fetch(url, { method: 'PUT', body: new Uint8Array(body) });
  expect(response.status).toBe(200);
  const etag = response.headers.get('etag');
  if (!etag) throw new Error('no ETag');
  return etag;
}

/** create-multipart for `file` (a PDF in Billboard.documents unless overridden). */
export async function createMultipartUpload(file: Buffer, overrides: Record<string, unknown> = {}) {
  const created = await post('create-multipart', {
    filename: 'big.pdf',
    contentType: 'application/pdf',
    byteSize: file.byteLength,
    slot: 'Billboard.documents',
    ...overrides,
  });
  expect(created.status).toBe(200);
  return created.body as { asset: { id: number }; partSize: number; partCount: number };
}

/** sign-parts, PUT and record-part for each of `partNumbers`, sliced from `file`: what the client does. */
export async function sendParts(assetId: number, file: Buffer, partSize: number, partNumbers: number[]) {
  const signed = await post('sign-parts', { assetId, partNumbers });
  expect(signed.status).toBe(200);
  for (const part of signed.body.parts as Array<{ partNumber: number; url: string }>) {
    const slice = file.subarray((part.partNumber - 1) * partSize, part.partNumber * partSize);
    const etag = await putPart(part.url, slice);
    expect((await post('record-part', { assetId, partNumber: part.partNumber, etag })).status).toBe(200);
  }
}
