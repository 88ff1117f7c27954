/**
 * The User model's own rules, for code that writes users through it (the
 * seeds, app code). Sign-up and profile changes go through better-auth's
 * adapter instead, where backend/auth/authRoutes.ts asks this model to judge a name.
 */
import { describe, expect, it } from 'vitest';
import { User } from '@/db/models';

const errorsFor = async (name: unknown) => {
  const user = User.build({ email: 'someone@example.com', name: name as string });
  await user.isValid();
  return user.errors;
};

describe('User name', () => {
  it.each([
    ['empty', ''],
    ['spaces', '   '],
    ['zero-width characters', '\u200b\u200d\ufeff'],
    ['bidi isolates', '\u2066\u2069'],
    ['a soft hyphen', '\u00ad'],
  ])('%s is blank: "can\'t be blank"', async (_label, name) => {
    expect(await errorsFor(name)).toEqual({ name: ["can't be blank"] });
  });

  it.each([
    ['zero-width characters inside', 'Z\u200bero\u200dWidth'],
    ['a right-to-left override', 'Bob\u202e\u2066evil\u2069\u202c'],
    ['emoji and combining marks', '😀 Zoe\u0301'],
  ])('with %s is valid', async (_label, name) => {
    expect(await errorsFor(name)).toEqual({});
  });

  it('fits its column, counted in characters as PostgreSQL counts them: 100 emoji fit, 101 do not', async () => {
    expect(await errorsFor('\u{1f600}'.repeat(100))).toEqual({});
    expect(await errorsFor('N'.repeat(101))).toEqual({ name: ['is too long (maximum is 100 characters)'] });
    expect(await errorsFor('\u{1f600}'.repeat(101))).toEqual({ name: ['is too long (maximum is 100 characters)'] });
  });

  it('is trimmed of whitespace and invisible format characters at both ends on validation', async () => {
    const user = User.build({ email: 'someone@example.com', name: ' \u200b Spacey\u200f\ufeff ' });
    expect(await user.isValid()).toBe(true);
    expect(user.name).toBe('Spacey');
  });
});
