import { describe, expect, it } from 'vitest';
import { ClientError } from '@/controllers/browser';
import { uploadFailureText } from './uploadFailureText';

describe('uploadFailureText (what a failed upload item says)', () => {
  it("words an unreachable server as the rest of the app does, not with the browser's own text", () => {
    const cause = new ClientError('NETWORK_ERROR', 'Failed to fetch', undefined, 0);
    expect(uploadFailureText({ error: 'Failed to fetch', cause })).toBe('The server could not be reached. Try again.');
  });

  it('keeps the reason the hook gave, naming the file, for a refusal with field errors', () => {
    const cause = new ClientError('UNPROCESSABLE_ENTITY', 'Refused', { contentType: ['cannot be read'] }, 422);
    expect(uploadFailureText({ error: 'broken.png cannot be read', cause })).toBe('broken.png cannot be read');
  });

  it("says when to try again after a 429, and keeps storage's own message", () => {
    const cause = new ClientError('TOO_MANY_REQUESTS', 'Too many uploads, try again later', undefined, 429, {
      retryAfter: 120,
    });
    expect(uploadFailureText({ error: cause.message, cause, retryAfter: 120 })).toBe(
      'Too many uploads. Try again in 2 minutes.',
    );
    const unreachable = 'The upload failed: storage could not be reached.';
    expect(uploadFailureText({ error: unreachable, cause: new Error(unreachable) })).toBe(unreachable);
  });
});
