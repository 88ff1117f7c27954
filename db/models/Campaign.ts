// demo:file (npm run demo:remove deletes this file)
/**
 * A team's marketing campaign: draft -> active (published) -> archived.
 *
 * Customise here: the rules of a campaign (`validations`, `validate`), the
 * named scopes the list can request (see CampaignController's `index.scopes`),
 * its file slots (`attachments`: type, size, count, public or private), and
 * what counts towards `completeness()`.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  belongsTo,
  containsText,
  GiB,
  hasMany,
  hasManyAttached,
  hasOneAttached,
  MiB,
  Model,
  visibleText,
} from '@/server';
import { CAMPAIGN_STATUSES, campaigns, MAX_BUDGET } from '../schema';
import { models } from './registry';

export class Campaign extends Model(campaigns, {
  name: 'Campaign',
  scopes: {
    draft: (q) => q.where({ status: 'draft' }),
    active: (q) => q.where({ status: 'active' }),
    archived: (q) => q.where({ status: 'archived' }),
    notArchived: (q) => q.where(sql`${campaigns.status} <> 'archived'`),
    /** Case-insensitive substring of the name; the term is data, never a pattern. */
    search: (q, term: string) => q.where(containsText(campaigns.name, term)),
  },
  validations: {
    name: visibleText(),
    budget: z
      .number()
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(MAX_BUDGET, `must be at most ${MAX_BUDGET.toLocaleString('en-US')}`)
      .nullish(),
    status: z.enum(CAMPAIGN_STATUSES, 'must be draft, active or archived').optional(),
  },
  // Clients presign uploads for `Campaign.logo` / `Campaign.documents` / `Campaign.video`, then
  // attach the asset with the bare slot name (CampaignController#attach).
  attachments: {
    // Public: served from S3_PUBLIC_URL_BASE (a CDN), fine for a logo. The
    // image job makes a 128 px WebP `thumb` for lists (backend/jobs.ts).
    logo: hasOneAttached({
      accepts: 'image/*',
      maxSize: 5 * MiB,
      access: 'public',
      variants: { thumb: { size: 128 } },
    }),
    // Private: read through short-lived presigned URLs.
    documents: hasManyAttached({ accepts: 'application/pdf', maxSize: 20 * MiB, max: 10, access: 'private' }),
    // Large media: files past UPLOAD_MULTIPART_THRESHOLD go up in parts, with pause and resume
    // (docs/attachments.md "Large files"). Raise maxSize up to 5 GiB (MAX_BYTE_SIZE) if you need more.
    video: hasOneAttached({ accepts: 'video/*', maxSize: 2 * GiB, access: 'private' }),
  },
}) {
  static associations = () => ({
    // Only id and name: a campaign list must not leak its creators' emails.
    creator: belongsTo(() => models.User, { foreignKey: 'createdById', columns: ['id', 'name'] }),
    posts: hasMany(() => models.Post, { foreignKey: 'campaignId', order: { createdAt: 'desc' } }),
  });

  // An active campaign has always been published (the database checks it too:
  // campaigns_published_at_check). Creating or switching a campaign to
  // `active` any way (a form, the API's status field) publishes it now.
  beforeValidate(): void {
    if (this.status === 'active' && (this.publishedAt === null || this.publishedAt === undefined)) {
      this.publishedAt = new Date();
    }
  }

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
   * Completeness, 0-100: a fifth each for a budget, a name longer than one
   * word, being published, at least one post, and a logo. The caller counts
   * posts and logos (CampaignController#score does it in one statement each).
   */
  completeness({ postCount, hasLogo }: { postCount: number; hasLogo: boolean }): number {
    const checks = [
      this.budget !== null && this.budget !== undefined,
      /\S\s+\S/.test(this.name ?? ''),
      this.publishedAt !== null && this.publishedAt !== undefined,
      postCount > 0,
      hasLogo,
    ];
    return Math.round((100 * checks.filter(Boolean).length) / checks.length);
  }
}
