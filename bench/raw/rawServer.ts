// demo:file (npm run demo:remove deletes this file)
/**
 * The raw anchor of the index benchmark (e): rawIndex.ts's work served by
 * node:http, no Next, no framework.
 *
 * Run as a child process by bench/services/rawAnchor.ts:
 *   DATABASE_URL=... SESSION_SECRET=... PORT=... node --import tsx bench/raw/rawServer.ts
 * It prints "ready" on stdout once listening.
 */
import { createServer, type ServerResponse } from 'node:http';
import { answerIndex } from './rawIndex';

const { PORT } = process.env;
if (!PORT) throw new Error('PORT is required');

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

createServer((request, response) => {
  answerIndex(request.method ?? 'GET', new URL(request.url ?? '/', 'http://localhost'), request.headers.cookie ?? '')
    .then(({ status, body }) => send(response, status, body))
    .catch((error: unknown) => {
      console.error(error);
      send(response, 500, { error: 'INTERNAL' });
    });
}).listen(Number(PORT), '127.0.0.1', () => console.log('ready'));
