/**
 * `/dev/mail`: the mails the app sent in development, caught by `npm run
 * dev`'s mail catcher: newest first, the HTML part rendered (sandboxed: no
 * scripts; its links open in this tab), the links listed, the text part
 * below. A 404 in production, and under a host name a DNS-rebinding page
 * can take (devMailbox.ts `devMailboxAllowed`). docs/mail.md.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { requestFromHeaders } from '@/app/lib/requestFromHeaders';
import { AutoRefresh } from './AutoRefresh';
import { emptyDevMailbox } from './actions';
import { type DevMail, devMailboxAllowed, devMailboxUrl, listDevMails } from './devMailbox';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Dev mailbox' };

/** The HTML part as the frame's document: links leave the frame for this tab. */
function frameDocument(mail: DevMail): string {
  const html = mail.html || `<pre style="white-space:pre-wrap;font-family:inherit">${escapeText(mail.text)}</pre>`;
  return `<base target="_top">${html}`;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export default async function DevMailPage() {
  if (!devMailboxAllowed(await requestFromHeaders())) notFound();
  if (!devMailboxUrl()) {
    return (
      <main className="page">
        <h1>Dev mailbox</h1>
        <p className="notice">
          SMTP_URL or MAIL_TRANSPORT is set, so mail goes there instead of the dev mail catcher. Unset them and run{' '}
          <code>npm run dev</code> to catch mails here.
        </p>
      </main>
    );
  }
  let mails: DevMail[] = [];
  let failure: string | null = null;
  try {
    mails = await listDevMails();
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  return (
    <main className="page stack">
      <AutoRefresh seconds={5} />
      <h1>Dev mailbox</h1>
      <p className="muted">
        Every mail the app sent while <code>npm run dev</code> runs ({mails.length}, newest first). Nothing leaves this
        machine.
      </p>
      <form action={emptyDevMailbox}>
        <button type="submit" className="button">
          Empty the mailbox
        </button>
      </form>
      {failure && (
        <p role="alert" className="error">
          The mail catcher is not reachable: {failure}
        </p>
      )}
      {mails.length === 0 && !failure && <p className="notice">No mail yet.</p>}
      {mails.map((mail) => (
        <article key={mail.id} className="card stack" aria-label={mail.subject}>
          <h2>{mail.subject}</h2>
          <p className="muted">
            To {mail.to.join(', ')} · from {mail.from} · {new Date(mail.receivedAt).toLocaleString('en-GB')}
          </p>
          {mail.links.length > 0 && (
            <ul>
              {mail.links.map((link) => (
                <li key={link}>
                  <a href={link}>{link}</a>
                </li>
              ))}
            </ul>
          )}
          <iframe
            title={`HTML part of "${mail.subject}"`}
            srcDoc={frameDocument(mail)}
            sandbox="allow-top-navigation-by-user-activation allow-popups"
            style={{ width: '100%', height: 420, border: '1px solid #e4e4e7', borderRadius: 6, background: '#fff' }}
          />
          <details>
            <summary>Text part</summary>
            <pre style={{ whiteSpace: 'pre-wrap' }}>{mail.text}</pre>
          </details>
        </article>
      ))}
    </main>
  );
}
