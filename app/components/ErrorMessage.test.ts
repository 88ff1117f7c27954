/** What a failed call says: a 429 names its wait. */
import { describe, expect, it } from 'vitest';
import { ClientError } from '@/controllers/browser';
import { errorText, retryText } from './ErrorMessage';

describe('errorText', () => {
  it('says when to try again after a 429, from the Retry-After seconds', () => {
    const limited = new ClientError('TOO_MANY_REQUESTS', 'Too many uploads, try again later', undefined, 429, {
      retryAfter: 240,
    });
    expect(errorText(limited)).toBe('Too many uploads. Try again in 4 minutes.');
    expect(retryText('Too many failed sign-in attempts, try again later', 30)).toBe(
      'Too many failed sign-in attempts. Try again in 30 seconds.',
    );
    // No wait known: the message unchanged.
    expect(retryText('Slow down', undefined)).toBe('Slow down');
  });

  it('puts record-level errors first and keeps other messages', () => {
    const vetoed = new ClientError('UNPROCESSABLE_ENTITY', 'Validation failed', { base: ['Archive it first'] }, 422);
    expect(errorText(vetoed)).toBe('Archive it first');
    expect(errorText(new ClientError('NOT_FOUND', 'Not found', undefined, 404))).toBe('Not found');
  });
});
