/**
 * Starts s3rver, an S3-compatible server in Node: the zero-config object store
 * of `npm run dev`, the integration tests and the Playwright run. The bucket is
 * created with CORS open to the app origin (without it the browser's direct PUT
 * fails with "Failed to fetch").
 *
 * s3rver lacks ListParts, which the app calls before completing a multipart
 * upload: s3rverListParts.ts adds it.
 *
 * It lives under server/testing (not scripts/) because the framework's own
 * storage tests start it, and `server/` imports nothing outside itself; the
 * dev and e2e scripts import it from here.
 */
import type { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import S3rver from 's3rver';
import { freePort } from './freePort';
import { type S3rverStore, s3rverListParts } from './s3rverListParts';

export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface S3ObjectEvent {
  eventName: string;
  key: string;
}

/** The part of s3rver's S3 event notification that tests read. */
interface S3rverEvent {
  Records: Array<{ eventName: string; s3: { object: { key: string } } }>;
}

export interface EmbeddedS3 {
  endpoint: string;
  bucket: string;
  port: number;
  /** The S3_* variables that point the app at this server. */
  env: Record<string, string>;
  /**
   * Calls `listener` for each object the server writes or removes
   * (`ObjectCreated:Put`, `ObjectCreated:Copy`, `ObjectRemoved:Delete` ...),
   * so a test can count what the app did to the bucket. Returns the unsubscriber.
   */
  onObjectEvent(listener: (event: S3ObjectEvent) => void): () => void;
  stop(): Promise<void>;
}

function corsConfig(origins: string[]): string {
  const rules = origins
    .map(
      (origin) => `<CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>`,
    )
    .join('\n');
  return `<CORSConfiguration>${rules}</CORSConfiguration>`;
}

export async function startS3Server(options: {
  dir: string;
  port?: number;
  bucket?: string;
  /** Origins allowed to PUT/GET from the browser; `*` when omitted. */
  allowedOrigins?: string[];
}): Promise<EmbeddedS3> {
  const directory = path.resolve(options.dir);
  mkdirSync(directory, { recursive: true });
  const port = await freePort(options.port ?? 0);
  const bucket = options.bucket ?? 'uploads';
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [corsConfig(options.allowedOrigins ?? ['*'])] }],
  });
  // Koa composes `middleware` at run(): the ListParts handler goes just before the router (the last entry).
  const koa = server as unknown as { middleware: unknown[]; store: S3rverStore };
  koa.middleware.splice(koa.middleware.length - 1, 0, s3rverListParts(koa.store));
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    port,
    env: {
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_ENDPOINT: endpoint,
      S3_PUBLIC_URL_BASE: `${endpoint}/${bucket}`,
    },
    onObjectEvent(listener) {
      const forward = (event: S3rverEvent) => {
        for (const record of event.Records) listener({ eventName: record.eventName, key: record.s3.object.key });
      };
      // s3rver is a Koa app, an EventEmitter, though its typings do not say so.
      const emitter = server as unknown as EventEmitter;
      emitter.on('event', forward);
      return () => emitter.off('event', forward);
    },
    stop: () => server.close(),
  };
}
