/**
 * A person who signs in. Emails are stored lower-cased and unique (the
 * database index is on `lower(email)`), so sign-in by email is
 * case-insensitive. Add profile columns in db/schema.ts and their rules here.
 */
import { z } from 'zod';
import { hasMany, Model, singleLineText, trimInvisible } from '@/server';
import { users } from '../schema';
import { models } from './registry';

/**
 * The longest name `users.name`, varchar(100), stores, in characters as PostgreSQL counts them: read from the
 * column (drizzle's table type does not carry it), so changing the column changes the rule too.
 */
const NAME_MAX_LENGTH = (users.name as unknown as { length: number }).length;

/**
 * A user's name: something visible, on one line, within its column. The model validates with it, and so
 * does /api/auth (backend/auth/authRoutes.ts), because better-auth writes users past the model: one rule,
 * so sign-up and update-user cannot drift from it. The length counts code points, as the column does
 * (zod's `.max()` counts UTF-16 units, which would refuse 51 emoji the column stores).
 */
export const userName = singleLineText().refine((name) => [...name].length <= NAME_MAX_LENGTH, {
  message: `is too long (maximum is ${NAME_MAX_LENGTH} characters)`,
});

export class User extends Model(users, {
  name: 'User',
  validations: {
    email: z.email('is not a valid email address'),
    name: userName,
  },
  constraintErrors: { users_email_key: { field: 'email', message: 'has already been taken' } },
}) {
  static associations = () => ({
    memberships: hasMany(() => models.Membership, { foreignKey: 'userId' }),
  });

  beforeValidate(): void {
    if (typeof this.email === 'string') this.email = User.normalizeEmail(this.email);
    if (typeof this.name === 'string') this.name = User.normalizeName(this.name);
  }

  static normalizeEmail(email: string): string {
    return email.trim().toLowerCase();
  }

  /**
   * A name without whitespace and invisible format characters at its ends: "  Spacey  " and
   * "Spacey\u200f" look like "Spacey" (team names are trimmed alike). What is inside stays as given.
   */
  static normalizeName(name: string): string {
    return trimInvisible(name);
  }
}
