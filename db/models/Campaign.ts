/**
 * A team's marketing campaign: draft -> active (published) -> archived.
 *
 * Customise here: the rules of a campaign (`validations`, `validate`), the
 * named scopes the list can request (see CampaignController's `index.scopes`),
 * and what counts towards the completeness `score()`.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { belongsTo, hasMany, Model } from '@/server';
import { CAMPAIGN_STATUSES, campaigns, MAX_BUDGET } from '../schema';
import { Post } from './Post';
import { User } from './User';

/** `%`, `_` and `\` are LIKE wildcards/escape: match them literally in a search term. */
function likeEscape(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export class Campaign extends Model(campaigns, {
  name: 'Campaign',
  scopes: {
    draft: (q) => q.where({ status: 'draft' }),
    active: (q) => q.where({ status: 'active' }),
    archived: (q) => q.where({ status: 'archived' }),
    notArchived: (q) => q.where(sql`${campaigns.status} <> 'archived'`),
    /** Case-insensitive substring of the name; the term is data, never a pattern. */
    search: (q, term: string) => q.where(sql`${campaigns.name} ilike ${`%${likeEscape(term)}%`} escape '\\'`),
  },
  validations: {
    name: z.string().trim().min(1, "can't be blank").max(120, 'is too long (maximum is 120 characters)'),
    budget: z
      .number()
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(MAX_BUDGET, `must be at most ${MAX_BUDGET.toLocaleString('en-US')}`)
      .nullish(),
    status: z.enum(CAMPAIGN_STATUSES, 'must be draft, active or archived').optional(),
  },
}) {
  static associations = () => ({
    // Only id and name: a campaign list must not leak its creators' emails.
    creator: belongsTo(() => User, { foreignKey: 'createdById', columns: ['id', 'name'] }),
    posts: hasMany(() => Post, { foreignKey: 'campaignId', order: { createdAt: 'desc' } }),
  });

  beforeDestroy(): boolean {
    if (this.status !== 'active') return true;
    this.addError('base', 'An active campaign cannot be deleted; archive it first');
    return false;
  }

  /** draft -> active (sets publishedAt). Active stays as is. Archived: false with a base error. */
  async publish(): Promise<boolean> {
    if (this.status === 'archived') {
      this.errors = {};
      this.addError('base', 'An archived campaign cannot be published');
      return false;
    }
    if (this.status === 'active') return true;
    return this.update({ status: 'active', publishedAt: new Date() });
  }

  /**
   * Completeness, 0-100: one point in four for each of a budget, a name
   * longer than one word, being published, and having at least one post.
   * `postCount` is passed in so the caller decides how to count (one query).
   */
  completeness(postCount: number): number {
    const checks = [
      this.budget !== null && this.budget !== undefined,
      /\S\s+\S/.test(this.name ?? ''),
      this.publishedAt !== null && this.publishedAt !== undefined,
      postCount > 0,
    ];
    return Math.round((100 * checks.filter(Boolean).length) / checks.length);
  }
}
