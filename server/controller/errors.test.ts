/** The one error path: every thrown value becomes an AppError with a status and a safe body. */
import { describe, expect, it } from 'vitest';
import { RecordNotFound } from '../model/RecordNotFound';
import { AppError, BadRequest, Conflict, NotFound, registerErrorMapper, toAppError, toValidationError } from './errors';

describe('toAppError', () => {
  it('passes an AppError through unchanged', () => {
    const error = new BadRequest('Invalid input', { name: ['is required'] });
    expect(toAppError(error)).toBe(error);
    expect(error.toJSON()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'Invalid input', fields: { name: ['is required'] } },
    });
  });

  it('answers 409 for a Conflict, with its message', () => {
    const conflict = new Conflict('The campaign changed since you loaded it');
    expect(toAppError(conflict)).toBe(conflict);
    expect([conflict.status, conflict.toJSON()]).toEqual([
      409,
      { error: { code: 'CONFLICT', message: 'The campaign changed since you loaded it' } },
    ]);
  });

  it('answers 404 for a record find() did not find, naming the model', () => {
    const mapped = toAppError(new RecordNotFound('Campaign', 9));
    expect(mapped).toBeInstanceOf(NotFound);
    expect([mapped.status, mapped.message]).toEqual([404, 'Campaign not found']);
  });

  it('answers 400 without driver text for a PostgreSQL data exception anywhere in the cause chain', () => {
    const driver = Object.assign(new Error('invalid input syntax for type integer: "x"'), { code: '22P02' });
    const mapped = toAppError(new Error('query failed', { cause: driver }));
    expect(mapped.status).toBe(400);
    expect(mapped.message).toBe('Invalid value');
  });

  it('asks registered mappers, then answers a generic 500 that keeps the cause for logs only', () => {
    class Outage extends Error {}
    registerErrorMapper((error) => (error instanceof Outage ? new AppError('SERVICE_UNAVAILABLE', 'Down') : undefined));
    expect(toAppError(new Outage('s3 unreachable')).status).toBe(503);

    const secret = new Error('password authentication failed for user "app"');
    const mapped = toAppError(secret);
    expect(mapped.status).toBe(500);
    expect(JSON.stringify(mapped.toJSON())).not.toContain('password');
    expect(mapped.cause).toBe(secret);
  });

  it('toValidationError is a 422 with the record errors', () => {
    const error = toValidationError({ base: ['could not be destroyed'] });
    expect([error.status, error.code, error.fields]).toEqual([
      422,
      'UNPROCESSABLE_ENTITY',
      { base: ['could not be destroyed'] },
    ]);
  });
});
