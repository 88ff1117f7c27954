/**
 * `GET /dev/mail/messages[?to=address]`: the dev mailbox as JSON (newest
 * first), for scripts and tests that run against `npm run dev`. 404 in
 * production; 503 when the catcher is not running.
 */
import { NextResponse } from 'next/server';
import { devMailboxAllowed, devMailboxUrl, listDevMails } from '../devMailbox';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'cache-control': 'no-store' };

export async function GET(request: Request): Promise<Response> {
  if (!devMailboxAllowed()) {
    return NextResponse.json(
      { error: { code: 'NOT_FOUND', message: 'Not found' } },
      { status: 404, headers: NO_STORE },
    );
  }
  if (!devMailboxUrl()) {
    const message = 'No dev mailbox: SMTP_URL or MAIL_TRANSPORT is set, so mail goes there (docs/mail.md)';
    return NextResponse.json({ error: { code: 'SERVICE_UNAVAILABLE', message } }, { status: 503, headers: NO_STORE });
  }
  try {
    const to = new URL(request.url).searchParams.get('to') ?? undefined;
    return NextResponse.json({ messages: await listDevMails(to) }, { headers: NO_STORE });
  } catch (error) {
    const message = `The mail catcher is not reachable (${error instanceof Error ? error.message : error}); is npm run dev running?`;
    return NextResponse.json({ error: { code: 'SERVICE_UNAVAILABLE', message } }, { status: 503, headers: NO_STORE });
  }
}
