import { describe, expect, it } from 'vitest';
import { authFailureOf } from './authFailure';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('authFailureOf', () => {
  it("puts the form's own fields beside them and says nothing under the form", async () => {
    const failure = await authFailureOf(
      answer(400, {
        error: { code: 'BAD_REQUEST', message: 'Invalid input', fields: { password: ["can't be blank"] } },
      }),
      ['password'],
    );
    expect(failure).toEqual({ message: null, fields: { password: ["can't be blank"] }, status: 400 });
  });

  it('names a field the form lacks under the form, and base errors without a name', async () => {
    const failure = await authFailureOf(
      answer(422, { error: { code: 'X', message: 'Invalid', fields: { email: ['is taken'], base: ['Try later'] } } }),
      ['password'],
    );
    expect(failure).toEqual({ message: 'email is taken Try later', fields: {}, status: 422 });
  });

  it('says when to try again after a 429', async () => {
    const failure = await authFailureOf(
      answer(429, { error: { code: 'TOO_MANY_REQUESTS', message: 'Too many attempts' } }, { 'retry-after': '90' }),
      ['password'],
    );
    expect(failure.message).toMatch(/^Too many attempts\. Try again in /);
    expect(failure.fields).toEqual({});
    expect(failure.status).toBe(429);
  });

  it('falls back to the status when the body is not the API error', async () => {
    expect(await authFailureOf(answer(502, undefined), ['name'])).toEqual({
      message: 'Request failed (502)',
      fields: {},
      status: 502,
    });
  });
});
