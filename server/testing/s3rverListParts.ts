/**
 * ListParts for s3rver, which lacks it (a GET with `?uploadId` is its 405
 * MethodNotAllowed). The app lists the parts the store holds before it
 * completes a multipart upload (multipartUpload.ts), because s3rver completes
 * with whatever part numbers it is sent and dies on one it never received
 * (an unhandled ENOENT in its read stream), taking every later upload with it.
 *
 * The middleware sits before s3rver's router and answers only the 405 that
 * router throws for such a GET: by then s3rver has checked the bucket and any
 * signature, so the listing is exactly as protected as its other object calls
 * (s3rver also serves unsigned requests: a local store for dev and tests only).
 * It reads the parts where s3rver's filesystem store writes them
 * (`<bucket>/._S3rver_uploads/<uploadId>/<n>` and `<n>.md5`).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** The part of s3rver's Koa context this middleware reads and writes. */
interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
}

/** The part of s3rver's filesystem store it needs: where an upload's parts are kept. */
export interface S3rverStore {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The path `/bucket/key` (path-style, as the app's client sends it) split into bucket and key. */
function bucketAndKey(urlPath: string): { bucket: string; key: string } | undefined {
  const match = /^\/([^/]+)\/(.+)$/.exec(urlPath);
  if (!match?.[1] || !match[2]) return undefined;
  return { bucket: decodeURIComponent(match[1]), key: decodeURIComponent(match[2]) };
}

async function partsOf(uploadDir: string) {
  const names = (await readdir(uploadDir)).filter((name) => /^\d+$/.test(name));
  const parts = await Promise.all(
    names.map(async (name) => {
      const file = path.join(uploadDir, name);
      const [info, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, 'utf8')]);
      return { PartNumber: Number(name), ETag: `"${md5.trim()}"`, Size: info.size, LastModified: info.mtime };
    }),
  );
  return parts.sort((a, b) => a.PartNumber - b.PartNumber);
}

/** Answers ListParts (with `max-parts` and `part-number-marker`, so the app's pagination runs here too). */
async function listParts(ctx: KoaContext, store: S3rverStore): Promise<boolean> {
  const uploadId = single(ctx.query.uploadId);
  const target = bucketAndKey(ctx.path);
  if (!uploadId || !target || !/^[0-9a-f]+$/.test(uploadId)) return false;
  const uploadDir = path.join(store.getResourcePath(target.bucket, undefined, 'uploads'), uploadId);
  const key = await readFile(path.join(uploadDir, 'key'), 'utf8').catch(() => undefined);
  if (key !== target.key) {
    ctx.status = 404;
    ctx.body = { Error: { Code: 'NoSuchUpload', Message: 'The specified upload does not exist.', UploadId: uploadId } };
    return true;
  }
  const maxParts = Math.min(Number(single(ctx.query['max-parts']) ?? 1000) || 1000, 1000);
  const marker = Number(single(ctx.query['part-number-marker']) ?? 0) || 0;
  const after = (await partsOf(uploadDir)).filter((part) => part.PartNumber > marker);
  const page = after.slice(0, maxParts);
  const truncated = after.length > page.length;
  ctx.status = 200;
  // s3rver's own middleware turns a plain object body into XML.
  ctx.body = {
    ListPartsResult: {
      Bucket: target.bucket,
      Key: target.key,
      UploadId: uploadId,
      PartNumberMarker: marker,
      ...(truncated ? { NextPartNumberMarker: page[page.length - 1]?.PartNumber } : {}),
      MaxParts: maxParts,
      IsTruncated: truncated,
      Part: page.map((part) => ({ ...part, LastModified: part.LastModified.toISOString() })),
    },
  };
  return true;
}

/** Koa middleware: ListParts where s3rver's router refuses a GET on an upload id. */
export function s3rverListParts(store: S3rverStore) {
  return async (ctx: KoaContext, next: () => Promise<unknown>): Promise<void> => {
    try {
      await next();
    } catch (error) {
      const refused = (error as { code?: unknown }).code === 'MethodNotAllowed';
      if (refused && ctx.method === 'GET' && 'uploadId' in ctx.query && (await listParts(ctx, store))) return;
      throw error;
    }
  };
}
