/**
 * A person who signs in. Emails are stored lower-cased and unique (the
 * database index is on `lower(email)`), so sign-in by email is
 * case-insensitive. Add profile columns in db/schema.ts and their rules here.
 */
import { z } from 'zod';
import { hasMany, Model, singleLineText, trimInvisible } from '@/server';
import { users } from '../schema';
import { models } from './registry';

export class User extends Model(users, {
  name: 'User',
  validations: {
    email: z.email('is not a valid email address'),
    // Something visible, on one line; its length is the column's, varchar(100), counted in characters as
    // PostgreSQL counts them (the framework's own check). /api/auth asks this model too, since better-auth
    // writes users past it (backend/auth/authRoutes.ts): one rule for sign-up, update-user and the app.
    name: singleLineText(),
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
