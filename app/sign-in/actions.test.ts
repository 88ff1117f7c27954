/**
 * The sign-in action called with what its form never sends: anyone can post to a server action with
 * any arguments (its id is in the page), and a crash there was a 500 with a stack trace in the log.
 */
import { describe, expect, it, vi } from 'vitest';
import { signIn } from './actions';

// requestFromHeaders.ts is marked 'server-only', which throws outside React's server build: this is the server.
vi.mock('server-only', () => ({}));

describe('signIn action', () => {
  it.each([
    ['no argument', undefined],
    ['an array', []],
    ['a plain object', { get: 'not a function' }],
    ['a string', 'email=alice@example.com'],
  ])('answers %s with the form error, before anything else runs', async (_name, argument) => {
    await expect(signIn({}, argument as unknown as FormData)).resolves.toEqual({ error: 'Send the sign-in form.' });
  });
});
