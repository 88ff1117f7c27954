// demo:file (npm run demo:remove deletes this file)
// Copied by the bench into its temporary app: the raw anchor's own code (bench/raw/rawIndex.ts) as a Next
// route (f), so Next's share of a request is measured apart from the framework's.
import { answerIndex } from '@/bench/raw/rawIndex';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET(request: Request): Promise<Response> {
  const { status, body } = await answerIndex('GET', new URL(request.url), request.headers.get('cookie') ?? '');
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}
