/**
 * A new password made only of whitespace (eight spaces, ideographic spaces)
 * is refused at sign-up, change and reset (better-auth counts characters, so
 * it took eight spaces), beside its field. Sign-in and a current password are
 * not judged: an account that got such a password earlier still signs in and
 * can change it. The rule: `sanitized` in backend/auth/authRoutes.ts.
 */
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, db } from '@/db/database';
import { accounts } from '@/db/schema';
import { clearSentMails, sentMails } from '../mailer';
import { expectRefused, post, signInCookie, signInStatus, signUp, userByEmail } from './testing/hostileAuthRequests';

afterAll(closeDb);

describe('blank passwords', () => {
  it('refuses a new password that is blank after trimming, at sign-up, change and reset; a current one is not judged', async () => {
    const blanks = [' '.repeat(8), `\t${' '.repeat(10)}\n`, '\u3000'.repeat(9), ' '.repeat(128)];
    const blankIn = (response: Response, field: string) =>
      response
        .clone()
        .json()
        .then((body: { error: { fields?: unknown } }) =>
          expect(body.error.fields).toEqual({ [field]: ["can't be blank"] }),
        );
    for (const password of blanks) {
      const response = await post('/sign-up/email', { name: 'Blank', email: 'blank-pw@example.com', password });
      await blankIn(response, 'password');
      await expectRefused(response, 400, `sign-up ${JSON.stringify(password)}`);
    }
    expect(await userByEmail('blank-pw@example.com')).toBeUndefined();

    const { cookie } = await signUp('Blank', 'blank-pw@example.com', '  spaces around  ');
    for (const newPassword of blanks) {
      const change = await post('/change-password', { currentPassword: '  spaces around  ', newPassword }, { cookie });
      await blankIn(change, 'newPassword');
      await expectRefused(change, 400, `change ${JSON.stringify(newPassword)}`);
    }
    expect(await signInStatus('blank-pw@example.com', '  spaces around  ')).toBe(200);

    clearSentMails();
    await post('/request-password-reset', { email: 'blank-pw@example.com', redirectTo: '/reset-password' });
    const link = /https?:\/\/\S+/.exec(sentMails().find((mail) => mail.to === 'blank-pw@example.com')?.text ?? '')?.[0];
    const token = new URL(link as string).pathname.split('/').pop() as string;
    const reset = await post('/reset-password', { token, newPassword: ' '.repeat(8) });
    await blankIn(reset, 'newPassword');
    await expectRefused(reset, 400, 'reset');
    expect(await signInStatus('blank-pw@example.com', '  spaces around  ')).toBe(200);
    // The link was not used up by the refusal.
    expect((await post('/reset-password', { token, newPassword: 'a real one' })).status).toBe(200);
    expect(await signInStatus('blank-pw@example.com', 'a real one')).toBe(200);

    // An account that got a blank password before this rule still signs in, and changes it.
    const user = await userByEmail('blank-pw@example.com');
    await db()
      .update(accounts)
      .set({ password: await hashPassword(' '.repeat(8)) })
      .where(eq(accounts.userId, Number(user?.id)));
    expect(await signInStatus('blank-pw@example.com', ' '.repeat(8))).toBe(200);
    const blankCookie = await signInCookie('blank-pw@example.com', ' '.repeat(8));
    const away = await post(
      '/change-password',
      { currentPassword: ' '.repeat(8), newPassword: 'visible now' },
      {
        cookie: blankCookie,
      },
    );
    expect(away.status).toBe(200);
    expect(await signInStatus('blank-pw@example.com', 'visible now')).toBe(200);
  });
});
