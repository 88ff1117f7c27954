/**
 * `GET /dev/mail/messages[?to=address]`: the dev mailbox as JSON (newest
 * first), for scripts and tests that run against `npm run dev`. 404 in
 * production and under a host name a DNS-rebinding page can take
 * (devMailbox.ts `devMailboxAllowed`); 503 when the catcher is not running.
 *
 * Not an /api route, but through the same edge as one (every route file is,
 * scripts/layers/routeEdge.ts): its errors take the API's envelope, with a
 * request id and a log line, and other methods answer 405.
 */
import { apiRoute, NotFound, ServiceUnavailable } from '@/server';
import { devMailboxAllowed, devMailboxUrl, listDevMails } from '../devMailbox';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/dev/mail/messages', {
  GET: async (request) => {
    if (!devMailboxAllowed(request)) throw new NotFound('Page');
    if (!devMailboxUrl())
      throw new ServiceUnavailable(
        'No dev mailbox: SMTP_URL or MAIL_TRANSPORT is set, so mail goes there (docs/mail.md)',
      );
    const to = new URL(request.url).searchParams.get('to') ?? undefined;
    let messages: Awaited<ReturnType<typeof listDevMails>>;
    try {
      messages = await listDevMails(to);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ServiceUnavailable(`The mail catcher is not reachable (${reason}); is npm run dev running?`, {
        cause: error,
      });
    }
    return Response.json({ messages }, { headers: { 'cache-control': 'no-store' } });
  },
});
