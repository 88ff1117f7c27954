/**
 * The `mailbox` fixture: the mails the app under test really sent over SMTP
 * to the e2e server's mail catcher (scripts/e2eServer.ts starts it; its API
 * address is in the services file). Mails go through the app's job queue, so
 * `latest` waits for one to arrive.
 *
 * @example
 * ```ts
 * import { expect, test } from './support/mailbox';
 * test('reset', async ({ page, mailbox }) => {
 *   const mail = await mailbox.latest('ivy@example.com', { subject: /Reset/ });
 *   await page.goto(mailbox.link(mail, /reset-password/));
 * });
 * ```
 */
import { readE2eServices } from '../../scripts/e2eServices';
import type { CaughtMail } from '../../scripts/services/mailCatcher';
import { test as base, expect } from './test';

export type { CaughtMail };
export { expect };

export interface Mailbox {
  /** Every mail to `to` (all mails without it), newest first. */
  all(to?: string): Promise<CaughtMail[]>;
  /**
   * The newest mail to `to` (matching `subject` when given) received after
   * this test started; waits up to `timeoutMs` (default 20 s) for it.
   */
  latest(to: string, options?: { subject?: string | RegExp; timeoutMs?: number }): Promise<CaughtMail>;
  /** The first link of `mail` matching `pattern` (any link without it); fails the test when none. */
  link(mail: CaughtMail, pattern?: RegExp): string;
}

function mailboxAt(apiUrl: string, since: number): Mailbox {
  async function all(to?: string): Promise<CaughtMail[]> {
    const url = new URL('/messages', apiUrl);
    if (to) url.searchParams.set('to', to.toLowerCase());
    const response = await fetch(url);
    expect(response.status, 'the mail catcher answers').toBe(200);
    return ((await response.json()) as { messages: CaughtMail[] }).messages;
  }
  return {
    all,
    async latest(to, { subject, timeoutMs = 20_000 } = {}) {
      const matches = (mail: CaughtMail) =>
        Date.parse(mail.receivedAt) >= since &&
        (subject === undefined ||
          (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)));
      let found: CaughtMail | undefined;
      await expect
        .poll(
          async () => {
            found = (await all(to)).find(matches);
            return Boolean(found);
          },
          { message: `a mail to ${to}${subject ? ` (${subject})` : ''}`, timeout: timeoutMs },
        )
        .toBe(true);
      return found as CaughtMail;
    },
    link(mail, pattern) {
      const link = mail.links.find((candidate) => !pattern || pattern.test(candidate));
      expect(link, `a link${pattern ? ` matching ${pattern}` : ''} in "${mail.subject}"`).toBeTruthy();
      return link as string;
    },
  };
}

export const test = base.extend<{ mailbox: Mailbox }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this parameter.
  mailbox: async ({}, use) => {
    const apiUrl = readE2eServices().DEV_MAILBOX_URL;
    if (!apiUrl)
      throw new Error('No DEV_MAILBOX_URL in the e2e services file: does scripts/e2eServer.ts start the catcher?');
    // A second's slack: the catcher's clock is this machine's, but a mail may be stamped just before the test began.
    await use(mailboxAt(apiUrl, Date.now() - 1_000));
  },
});
