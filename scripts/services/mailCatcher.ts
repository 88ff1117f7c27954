/**
 * The dev mailbox: an SMTP server (smtp-server) that accepts every mail and
 * keeps it in memory, parsed (mailparser), plus a small JSON API on another
 * port. `npm run dev` starts it when no SMTP_URL is set and points the app at
 * it (SMTP_URL) and the /dev/mail page at its API (DEV_MAILBOX_URL); the e2e
 * server does the same, and Playwright's `mailbox` fixture reads the API
 * (e2e/support/mailbox.ts). Both ports listen on 127.0.0.1 only.
 *
 * API: `GET /messages[?to=address]` -> `{messages: CaughtMail[]}` newest
 * first; `DELETE /messages` empties the box.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../../server/testing';

export interface CaughtMail {
  id: string;
  receivedAt: string;
  from: string;
  /** Envelope recipients, lower-case. */
  to: string[];
  subject: string;
  text: string;
  /** '' when the mail had no HTML part. */
  html: string;
  /** Every http(s) link of the HTML part (else of the text), in order. */
  links: string[];
}

export interface MailCatcher {
  smtpPort: number;
  apiPort: number;
  /** `smtp://127.0.0.1:<port>`: the app's SMTP_URL. */
  smtpUrl: string;
  /** `http://127.0.0.1:<port>`: DEV_MAILBOX_URL. */
  apiUrl: string;
  /** Newest first. */
  messages(): CaughtMail[];
  stop(): Promise<void>;
}

export interface MailCatcherOptions {
  /** Preferred SMTP port (another free one when taken); 0 or unset: any free port. */
  smtpPort?: number;
  /** Preferred API port, likewise. */
  apiPort?: number;
  /** How many mails to keep (oldest dropped first). Default 500. */
  keep?: number;
}

/** http(s) links, from href attributes when there is HTML, else from the text. */
function linksOf(html: string, text: string): string[] {
  const hrefs = [...html.matchAll(/href\s*=\s*"(https?:\/\/[^"]+)"/gi)].map((match) =>
    (match[1] ?? '').replace(/&amp;/g, '&'),
  );
  const found = hrefs.length > 0 ? hrefs : [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]);
  return [...new Set(found)];
}

function addressText(address: AddressObject | AddressObject[] | undefined): string {
  if (!address) return '';
  // `Name <address>` as MAIL_FROM is written (mailparser's text would quote the name).
  return (Array.isArray(address) ? address : [address])
    .flatMap((item) => item.value)
    .map((entry) => (entry.name ? `${entry.name} <${entry.address ?? ''}>` : (entry.address ?? '')))
    .join(', ');
}

export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const keep = options.keep ?? 500;
  const caught: CaughtMail[] = [];

  const smtp = new SMTPServer({
    // Plain SMTP on loopback: no TLS certificate to make, any (or no) login accepted.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'dev' }),
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const html = typeof parsed.html === 'string' ? parsed.html : '';
          const text = parsed.text ?? '';
          caught.unshift({
            id: randomUUID(),
            receivedAt: new Date().toISOString(),
            from: addressText(parsed.from),
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text,
            html,
            links: linksOf(html, text),
          });
          if (caught.length > keep) caught.length = keep;
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  const smtpPort = await freePort(options.smtpPort ?? 0);
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(smtpPort, '127.0.0.1', () => {
      smtp.off('error', reject);
      resolve();
    });
  });

  const api: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname !== '/messages') return json(404, { error: 'not found' });
    if (request.method === 'GET') {
      const to = url.searchParams.get('to')?.trim().toLowerCase();
      return json(200, { messages: to ? caught.filter((mail) => mail.to.includes(to)) : caught });
    }
    if (request.method === 'DELETE') {
      caught.length = 0;
      return json(200, { messages: [] });
    }
    return json(405, { error: 'GET or DELETE' });
  });
  const apiPort = await freePort(options.apiPort ?? 0);
  await new Promise<void>((resolve, reject) => {
    api.once('error', reject);
    api.listen(apiPort, '127.0.0.1', () => resolve());
  });

  return {
    smtpPort: (smtp.server.address() as AddressInfo).port,
    apiPort: (api.address() as AddressInfo).port,
    smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
    messages: () => [...caught],
    async stop() {
      api.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => api.close(() => resolve())),
      ]);
    },
  };
}
