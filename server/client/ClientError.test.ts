import { TRPCClientError } from '@trpc/client';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { AppError, TooManyRequests } from '@/server';
import { ClientError, isClientError, toClientError } from './ClientError';
import { shouldRetry } from './queryClient';

describe('toClientError', () => {
  it("reads a TRPCClientError's data (code, status, fields)", () => {
    const cause = new TRPCClientError('Validation failed', {
      result: {
        error: {
          code: -32022,
          message: 'Validation failed',
          data: { code: 'UNPROCESSABLE_ENTITY', httpStatus: 422, fields: { name: ["can't be blank"] } },
        },
      },
    });
    const error = toClientError(cause);
    expect(error).toMatchObject({
      code: 'UNPROCESSABLE_ENTITY',
      httpStatus: 422,
      fields: { name: ["can't be blank"] },
      message: 'Validation failed',
    });
    expect(error.cause).toBe(cause);
  });

  it('keeps the wait of a 429 (from the error data, or the AppError behind a server-side call)', () => {
    const cause = new TRPCClientError('Too many uploads, try again later', {
      result: {
        error: {
          code: -32029,
          message: 'Too many uploads, try again later',
          data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, retryAfter: 240 },
        },
      },
    });
    expect(toClientError(cause)).toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfter: 240 });
    expect(toClientError(new TooManyRequests(7))).toMatchObject({ httpStatus: 429, retryAfter: 7 });
    expect(toClientError(new AppError('NOT_FOUND', 'x')).retryAfter).toBeUndefined();
  });

  it('reads the AppError behind a server-side TRPCError, and an AppError itself', () => {
    const appError = new AppError('FORBIDDEN', 'Owners only');
    expect(toClientError(new TRPCError({ code: 'FORBIDDEN', message: 'Owners only', cause: appError }))).toMatchObject({
      code: 'FORBIDDEN',
      httpStatus: 403,
    });
    expect(toClientError(appError)).toMatchObject({ code: 'FORBIDDEN', httpStatus: 403, fields: undefined });
  });

  it('reports a TRPCClientError without data as NETWORK_ERROR, anything else as a 500', () => {
    expect(toClientError(TRPCClientError.from(new TypeError('fetch failed')))).toMatchObject({
      code: 'NETWORK_ERROR',
      httpStatus: 0,
    });
    expect(toClientError('boom')).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 });
    const same = new ClientError('NOT_FOUND', 'x', undefined, 404);
    expect(toClientError(same)).toBe(same);
    expect(isClientError(same)).toBe(true);
    expect(isClientError(new Error('x'))).toBe(false);
  });
});

describe('shouldRetry', () => {
  it('retries network and 5xx failures twice, never a 4xx', () => {
    expect(shouldRetry(0, new ClientError('NETWORK_ERROR', '', undefined, 0))).toBe(true);
    expect(shouldRetry(1, new ClientError('SERVICE_UNAVAILABLE', '', undefined, 503))).toBe(true);
    expect(shouldRetry(2, new ClientError('SERVICE_UNAVAILABLE', '', undefined, 503))).toBe(false);
    expect(shouldRetry(0, new ClientError('NOT_FOUND', '', undefined, 404))).toBe(false);
  });
});
