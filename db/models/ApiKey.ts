/**
 * A team API key. The token (`ak_<prefix>_<secret>`) is shown once, in the
 * response that creates the key; the database keeps only the prefix (to find
 * the row) and a SHA-256 of the secret (to check it in constant time). `hash`
 * is hidden: no JSON of a key ever carries it.
 *
 * A request with `Authorization: Bearer <token>` acts as the key's creator,
 * within the key's team only (backend/context.ts).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { belongsTo, type JsonObject, Model, singleLineText } from '@/server';
import { db } from '../database';
import { apiKeys, memberships, type Role, teams, users } from '../schema';
import { models } from './registry';

const TOKEN_PATTERN = /^ak_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** A fresh token and what is stored of it. 48 random bits of prefix, 256 of secret. */
function generateApiToken(): { token: string; prefix: string; hash: string } {
  const prefix = randomBytes(6).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { token: `ak_${prefix}_${secret}`, prefix, hash: sha256(secret).toString('hex') };
}

/** Splits a token into prefix and secret; null when it does not have the shape of one. */
function parseApiToken(token: string): { prefix: string; secret: string } | null {
  const match = TOKEN_PATTERN.exec(token);
  return match ? { prefix: match[1] as string, secret: match[2] as string } : null;
}

/** Constant-time check of a presented secret against the stored hex hash. */
function secretMatches(secret: string, storedHash: string): boolean {
  const stored = Buffer.from(storedHash, 'hex');
  const presented = sha256(secret);
  return stored.length === presented.length && timingSafeEqual(stored, presented);
}

export class ApiKey extends Model(apiKeys, {
  name: 'ApiKey',
  hidden: ['hash'],
  validations: { name: singleLineText() },
  constraintErrors: { api_keys_prefix_key: { message: 'could not be generated; try again' } },
}) {
  static associations = () => ({
    creator: belongsTo(() => models.User, { foreignKey: 'createdById', columns: ['id', 'name'] }),
  });

  // The plain token exists only in the memory of the record that created it.
  #token: string | undefined;

  /** The token, right after creation only; undefined on any record read from the database. */
  get token(): string | undefined {
    return this.#token;
  }

  beforeValidate(): void {
    if (!this.isNewRecord || this.hash) return;
    const { token, prefix, hash } = generateApiToken();
    this.#token = token;
    this.prefix = prefix;
    this.hash = hash;
  }

  /**
   * The key a token names, with its creator and the creator's membership of
   * the key's team, or null (unknown prefix, wrong secret, creator no longer
   * in the team). One statement to find, one to stamp `lastUsedAt` (at most once a minute).
   */
  static async authenticate(token: string): Promise<AuthenticatedKey | null> {
    const parsed = parseApiToken(token);
    if (!parsed) return null;
    const [row] = await db()
      .select({
        keyId: apiKeys.id,
        hash: apiKeys.hash,
        lastUsedAt: apiKeys.lastUsedAt,
        teamId: apiKeys.teamId,
        teamName: teams.name,
        role: memberships.role,
        userId: users.id,
        email: users.email,
        name: users.name,
      })
      .from(apiKeys)
      .innerJoin(teams, eq(teams.id, apiKeys.teamId))
      .innerJoin(users, eq(users.id, apiKeys.createdById))
      .innerJoin(memberships, and(eq(memberships.teamId, apiKeys.teamId), eq(memberships.userId, apiKeys.createdById)))
      .where(eq(apiKeys.prefix, parsed.prefix))
      .limit(1);
    if (!row || !secretMatches(parsed.secret, row.hash)) return null;
    // A minute's precision is enough for "last used", and spares a busy key a write per request.
    const now = new Date();
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_PRECISION_MS) {
      await ApiKey.where({ id: row.keyId }).updateAll({ lastUsedAt: now });
    }
    return {
      apiKey: { id: row.keyId, teamId: row.teamId },
      user: { id: row.userId, email: row.email, name: row.name },
      membership: { teamId: row.teamId, teamName: row.teamName, role: row.role },
    };
  }

  override toJSON(): JsonObject {
    const json = super.toJSON();
    return this.#token && this.isPersisted ? { ...json, token: this.#token } : json;
  }
}

const LAST_USED_PRECISION_MS = 60_000;

export interface AuthenticatedKey {
  apiKey: { id: number; teamId: number };
  user: { id: number; email: string; name: string };
  membership: { teamId: number; teamName: string; role: Role };
}
