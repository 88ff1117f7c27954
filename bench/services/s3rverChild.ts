/**
 * Runs s3rver in a process of its own (spawned by s3Process.ts), so the
 * memory it uses to receive a 1 GB upload is not counted as the bench
 * process's (scenario 6). Prints one JSON line `{endpoint, bucket, env}` when
 * ready; stops on SIGTERM, and when the parent goes away (stdin closes).
 */
import { startS3Server } from '../../server/testing';

const dir = process.argv[2];
if (!dir) throw new Error('usage: s3rverChild.ts <data folder>');

const server = await startS3Server({ dir });
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop().catch(() => {});
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.resume();
process.stdout.write(`${JSON.stringify({ endpoint: server.endpoint, bucket: server.bucket, env: server.env })}\n`);
