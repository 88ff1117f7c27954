/**
 * better-auth's refusals that are about one field, as the API's field errors
 * (`{error: {fields: {password: ['is too short (minimum is 8 characters)']}}}`),
 * so forms show them beside their field like every other validation error.
 * Keyed by better-auth's error code; the field depends on the endpoint (a
 * reset or a change names the new password `newPassword`).
 *
 * Add a code here when a form shows one of better-auth's messages below
 * itself instead of beside a field.
 */
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './auth';

const NEW_PASSWORD_PATHS = new Set(['/reset-password', '/change-password']);

type FieldError = { field: string; message: string };

const BY_CODE: Record<string, (path: string) => FieldError | null> = {
  PASSWORD_TOO_SHORT: (path) => ({
    field: NEW_PASSWORD_PATHS.has(path) ? 'newPassword' : 'password',
    message: `is too short (minimum is ${MIN_PASSWORD_LENGTH} characters)`,
  }),
  PASSWORD_TOO_LONG: (path) => ({
    field: NEW_PASSWORD_PATHS.has(path) ? 'newPassword' : 'password',
    message: `is too long (maximum is ${MAX_PASSWORD_LENGTH} characters)`,
  }),
  INVALID_EMAIL: (path) => ({
    field: path === '/change-email' ? 'newEmail' : 'email',
    message: 'is not a valid email address',
  }),
  USER_ALREADY_EXISTS: () => ({ field: 'email', message: 'already has an account' }),
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: () => ({ field: 'email', message: 'already has an account' }),
  // A change of password and an account deletion ask for the current one; elsewhere the code is not about a field.
  INVALID_PASSWORD: (path) =>
    path === '/change-password'
      ? { field: 'currentPassword', message: 'is incorrect' }
      : path === '/delete-user'
        ? { field: 'password', message: 'is incorrect' }
        : null,
};

/** zod's wording for a value of the wrong type, in the words the API's own checks use. */
const TYPE_MESSAGES: Record<string, string> = {
  string: 'must be a string',
  number: 'must be a number',
  boolean: 'must be true or false',
  object: 'must be an object',
  array: 'must be a list',
};

/**
 * better-auth's body validation (`VALIDATION_ERROR`) names its fields only inside the message:
 * `[body.email] Invalid input: expected string, received array; [body.password] ...`. Each becomes
 * the field's error, so a wrong type reads like the API's other 400s.
 */
function validationFieldErrors(message: string): Record<string, string[]> | undefined {
  const fields: Record<string, string[]> = {};
  for (const part of message.split('; ')) {
    const match = /^\[body\.([\w.]+)\] (.+)$/.exec(part);
    if (!match) continue;
    const [, field, text] = match as unknown as [string, string, string];
    const expected = /^Invalid input: expected (\w+)/.exec(text)?.[1];
    fields[field] = [...(fields[field] ?? []), (expected && TYPE_MESSAGES[expected]) || text];
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/** The field errors better-auth's `code` (and message) stands for on endpoint `path` (under /api/auth), if any. */
export function authFieldErrors(code: unknown, path: string, message?: unknown): Record<string, string[]> | undefined {
  if (code === 'VALIDATION_ERROR') return typeof message === 'string' ? validationFieldErrors(message) : undefined;
  // A refusal of the account as a whole (accountDeletion.ts): a 422 names it under `base`, as a vetoed destroy does.
  if (code === 'SOLE_OWNER_OF_SHARED_TEAM') return typeof message === 'string' ? { base: [message] } : undefined;
  const error = typeof code === 'string' ? BY_CODE[code]?.(path) : null;
  return error ? { [error.field]: [error.message] } : undefined;
}
