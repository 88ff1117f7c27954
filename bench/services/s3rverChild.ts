// demo:file (npm run demo:remove deletes this file)
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
// s3rver removes a folder once its last object is deleted; a PUT into that folder at the same moment
// crashes it (ENOENT on the new file). Under load (confirm deletes staging objects while the next
// upload lands in staging/) that happens within minutes: a marker object keeps the folders in place.
// s3rver checks no signatures, so a plain PUT does.
for (const folder of ['staging', 'public', 'private']) {
  const response = await fetch(`${server.endpoint}/${server.bucket}/${folder}/.keep-folder`, {
    method: 'PUT',
    body: '',
  });
  if (!response.ok) throw new Error(`s3rver refused the ${folder} marker: ${response.status}`);
}
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
