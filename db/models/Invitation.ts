/**
 * An invitation to join a team, sent by email (controllers/InvitationController.ts).
 * The link carries a random token; the database keeps only its SHA-256
 * (`tokenHash`, hidden: no JSON of an invitation carries it), so a database
 * leak does not hand out working links. Single use (`acceptedAt`) and
 * expiring (`expiresAt`, INVITATION_LIFETIME_MS after creation). Its `status`
 * follows from those two: a computed field, answered with the attributes and
 * known to the typed client and the API description.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { belongsTo, Model } from '@/server';
import { invitations, ROLES } from '../schema';
import { models } from './registry';

/**
 * How long a link stays valid: 7 days, long enough for someone back from a
 * week off, short enough that an old forwarded mail stops working. Change it
 * here; existing invitations keep the expiry they were created with.
 */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** SHA-256 (hex) of a token: what is stored, and how a presented token is found. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const INVITATION_STATUSES = ['pending', 'accepted', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export class Invitation extends Model(invitations, {
  name: 'Invitation',
  hidden: ['tokenHash'],
  scopes: {
    pending: (q) => q.where(sql`${invitations.acceptedAt} is null and ${invitations.expiresAt} > now()`),
    accepted: (q) => q.where(sql`${invitations.acceptedAt} is not null`),
    expired: (q) => q.where(sql`${invitations.acceptedAt} is null and ${invitations.expiresAt} <= now()`),
  },
  validations: {
    email: z.email('is not a valid email address'),
    role: z.enum(ROLES, 'must be owner or member').optional(),
  },
  constraintErrors: { invitations_token_hash_key: { message: 'could not be generated; try again' } },
  computed: { status: z.enum(INVITATION_STATUSES) },
}) {
  static associations = () => ({
    team: belongsTo(() => models.Team, { columns: ['id', 'name'] }),
    invitedBy: belongsTo(() => models.User, { foreignKey: 'invitedById', columns: ['id', 'name'] }),
  });

  // The plain token exists only in the memory of the record that created it.
  #token: string | undefined;

  /** The token, right after creation only; undefined on any record read from the database. */
  get token(): string | undefined {
    return this.#token;
  }

  override get status(): InvitationStatus {
    if (this.acceptedAt) return 'accepted';
    return this.expiresAt && this.expiresAt.getTime() <= Date.now() ? 'expired' : 'pending';
  }

  beforeValidate(): void {
    // Stored lower-cased, like users' emails, so acceptance compares case-insensitively.
    if (typeof this.email === 'string') this.email = this.email.trim().toLowerCase();
    if (!this.isNewRecord || this.tokenHash) return;
    const token = randomBytes(32).toString('base64url');
    this.#token = token;
    this.tokenHash = hashInvitationToken(token);
    this.expiresAt ??= new Date(Date.now() + INVITATION_LIFETIME_MS);
  }
}
