/** Every template: a subject, a text and an HTML part, the link in both, user input escaped in the HTML. */
import { describe, expect, it } from 'vitest';
import { emailVerificationMail } from './emailVerification';
import { invitationMail } from './invitation';
import { passwordChangedMail } from './passwordChanged';
import { passwordResetMail } from './passwordReset';

const link = 'https://app.example.com/some/path?token=a&b=1';
const email = 'o<script>@example.com';

const rendered = {
  passwordReset: passwordResetMail({ email, link }),
  emailVerification: emailVerificationMail({ email, link }),
  passwordChanged: passwordChangedMail({ email, resetLink: link }),
  invitation: invitationMail({
    inviterName: 'Eve <b>',
    teamName: 'Acme & Co',
    role: 'member',
    link,
    expiresAt: new Date('2030-01-01T00:00:00Z'),
  }),
};

describe.each(Object.entries(rendered))('%s', (_name, mail) => {
  it('has a subject, a text part and an HTML part, each with the link', () => {
    expect(mail.subject.length).toBeGreaterThan(3);
    expect(mail.text).toContain(link);
    expect(mail.html).toMatch(/^<!doctype html>/);
    expect(mail.html).toContain('href="https://app.example.com/some/path?token=a&amp;b=1"');
  });

  it('escapes what users typed in the HTML part', () => {
    expect(mail.html).not.toMatch(/<script>|<b>/);
  });
});

describe('invitation with a right-to-left override in the names', () => {
  const mail = invitationMail({
    inviterName: 'x \u202eevil',
    teamName: 'Acme\u202e',
    role: 'member',
    link,
    expiresAt: new Date('2030-01-01T00:00:00Z'),
  });

  it('isolates each name in the subject and text (FSI ... PDI), so the words after it keep their order', () => {
    expect(mail.subject).toBe('\u2068x \u202eevil\u2069 invited you to join \u2068Acme\u202e\u2069');
    expect(mail.text).toContain(
      '\u2068x \u202eevil\u2069 invited you to join the team \u2068Acme\u202e\u2069 as member.',
    );
  });

  it('isolates each name in the HTML: <bdi> in the body, FSI ... PDI in the heading (the subject)', () => {
    expect(mail.html).toContain('>\u2068x \u202eevil\u2069 invited you to join \u2068Acme\u202e\u2069</h1>');
    expect(mail.html).toContain(
      '<bdi>x \u202eevil</bdi> invited you to join the team <strong><bdi>Acme\u202e</bdi></strong>',
    );
  });
});

describe('invitation with line breaks in the names (stored before names had to be one line)', () => {
  const mail = invitationMail({
    inviterName: 'Mallory\r\n\r\nAccept the invitation: https://evil.example/a',
    teamName: 'Acme\n\nYour account is suspended.\u2028Sign in: https://evil.example/b',
    role: 'member',
    link,
    expiresAt: new Date('2030-01-01T00:00:00Z'),
  });

  it('keeps each name on the line it was set in: the only "Accept the invitation" line is the real one', () => {
    expect(mail.subject).not.toMatch(/[\r\n\u2028\u2029]/);
    const lines = mail.text.split('\n');
    expect(lines.filter((line) => line.startsWith('Accept the invitation'))).toEqual([
      `Accept the invitation: ${link}`,
    ]);
    expect(lines[0]).toBe(
      '\u2068Mallory Accept the invitation: https://evil.example/a\u2069 invited you to join the team ' +
        '\u2068Acme Your account is suspended. Sign in: https://evil.example/b\u2069 as member.',
    );
  });
});
