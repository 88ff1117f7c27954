// demo:file (npm run demo:remove deletes this file)
/**
 * Campaigns of a team: `/api/teams/:teamId/campaigns[/:id]` plus publish,
 * bulk publish/archive, stats, score, duplicate, attach and detach (files
 * uploaded through UploadController). The routes are a public contract (pages, API
 * clients and tests use them): add actions freely, rename or remove with care.
 *
 * Every query goes through `this.relation`, already limited to the URL's
 * team: another team's campaign is unreachable (404), whatever the id.
 */
import { count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { db } from '@/db/database';
import { Campaign, Post } from '@/db/models';
import { campaigns } from '@/db/schema';
import {
  Attachment,
  action,
  apiDoc,
  before,
  mutation,
  NotFound,
  scope,
  toValidationError,
  transaction,
  truncateText,
} from '@/server';
import { crud } from './decorators';
import { TeamScopedController } from './TeamScopedController';

const attachInput = z.object({
  slot: z.enum(['logo', 'documents', 'video'], "must be 'logo', 'documents' or 'video'"),
  assetId: z.number().int().positive(),
});
const detachInput = z.object({
  slot: z.enum(['logo', 'documents', 'video'], "must be 'logo', 'documents' or 'video'"),
  /** The document to remove; without it the slot is emptied (the logo or the video, or every document). */
  assetId: z.number().int().positive().optional(),
});

// What the API reference (/api/docs) says; types come from the declarations below.
const statsOutput = z.object({
  total: z.number().int(),
  byStatus: z.object({ draft: z.number().int(), active: z.number().int(), archived: z.number().int() }),
  totalBudget: z.number().int(),
});

@apiDoc({
  tag: 'Campaigns',
  description: "A team's marketing campaigns: draft -> active (published) -> archived.",
  actions: {
    index: { summary: 'List campaigns', description: 'Archived campaigns are left out unless `scopes` asks for them.' },
    destroy: { summary: 'Delete a campaign', description: 'Owners only; an active campaign is a 422 (archive it).' },
  },
})
@scope('teamId')
@crud(Campaign, {
  index: {
    scopes: ['draft', 'active', 'archived', 'notArchived'],
    defaultScopes: ['notArchived'],
    paramScopes: ['search'],
    sortable: ['name', 'budget', 'createdAt'],
    defaultSort: { field: 'createdAt', dir: 'desc' },
    filterable: ['status', 'createdById'],
    // The list shows each logo's thumbnail: one statement for the page's logos, signed like the detail's.
    include: ['creator', 'logo'],
    perPage: 20,
    maxPerPage: 100,
  },
  // The detail view shows the files too, with signed URLs (one statement per slot).
  get: { include: ['creator', 'logo', 'documents', 'video'] },
  create: {
    permit: ['name', 'budget', 'status'],
    autoSet: { createdById: (context) => context.user?.id ?? null },
  },
  update: { permit: ['name', 'budget'] },
})
export class CampaignController extends TeamScopedController<Campaign> {
  @before({ only: ['destroy', 'bulkArchive'] })
  ownersOnly(): void {
    this.requireOwner();
  }

  /** draft -> active, sets publishedAt; an archived campaign is a 422. */
  @mutation({ output: 'record', summary: 'Publish a draft', description: 'An archived campaign is a 422.' })
  async publish(campaign: Campaign): Promise<Campaign> {
    if (!(await campaign.publish())) throw toValidationError(campaign.errors);
    return campaign;
  }

  /** Publishes the drafts among `ids` (others are left as they are). Loads the records: for small batches. */
  @mutation({ bulk: true, output: z.object({ published: z.number().int() }), summary: 'Publish drafts' })
  async bulkPublish(records: Campaign[]): Promise<{ published: number }> {
    const drafts = records.filter((campaign) => campaign.status === 'draft');
    await transaction(async () => {
      for (const campaign of drafts) {
        if (!(await campaign.publish())) throw toValidationError(campaign.errors);
      }
    });
    return { published: drafts.length };
  }

  /** Archives `ids` with one UPDATE (no records loaded): fit for thousands of ids. */
  @mutation({
    bulk: true,
    records: false,
    output: z.object({ archived: z.number().int() }),
    summary: 'Archive campaigns (owners)',
  })
  async bulkArchive(_ids: number[]): Promise<{ archived: number }> {
    // `this.relation` is already limited to the team and to `ids`.
    const archived = await this.relation.scope('notArchived').updateAll({ status: 'archived', updatedAt: new Date() });
    return { archived };
  }

  /** Counts by status and the total budget of the team's campaigns (archived included), in one statement. */
  @action('GET', undefined, { output: statsOutput, summary: 'Counts and total budget' })
  async stats(): Promise<{
    total: number;
    byStatus: { draft: number; active: number; archived: number };
    totalBudget: number;
  }> {
    const byStatus = (status: string) =>
      sql<number>`count(*) filter (where ${campaigns.status} = ${status})`.mapWith(Number);
    // Aggregates are beyond the relation API, so this query names the team
    // itself: keep that condition if you copy it.
    const [row] = await db()
      .select({
        total: count(),
        draft: byStatus('draft'),
        active: byStatus('active'),
        archived: byStatus('archived'),
        totalBudget: sql<number>`coalesce(sum(${campaigns.budget}), 0)`.mapWith(Number),
      })
      .from(campaigns)
      .where(eq(campaigns.teamId, this.scopeParams.teamId));
    return {
      total: row?.total ?? 0,
      byStatus: { draft: row?.draft ?? 0, active: row?.active ?? 0, archived: row?.archived ?? 0 },
      totalBudget: row?.totalBudget ?? 0,
    };
  }

  /** Completeness 0-100 (see Campaign#completeness). */
  @action('GET', undefined, {
    load: true,
    output: z.object({ id: z.number().int(), score: z.number().int().min(0).max(100) }),
    summary: 'Completeness score (0-100)',
  })
  async score(campaign: Campaign): Promise<{ id: number; score: number }> {
    const postCount = await Post.where({ teamId: campaign.teamId, campaignId: campaign.id }).count();
    // Whether a logo is attached; no need to load (and sign) the asset itself.
    const hasLogo = await Attachment.where({
      attachableType: Campaign.modelName,
      attachableId: campaign.id,
      name: 'logo',
    }).exists();
    return { id: campaign.id, score: campaign.completeness({ postCount, hasLogo }) };
  }

  /** A new draft with the same budget, named `input.name` or "<name> (copy)". */
  @action('POST', undefined, {
    load: true,
    input: z.object({ name: z.string().optional() }),
    output: 'record',
    summary: 'Duplicate as a new draft',
  })
  async duplicate(campaign: Campaign, input: { name?: string }): Promise<Campaign> {
    const copy = await this.relation.create({
      // 120 characters at most, cut between characters (an emoji cut in half would not be stored as it is).
      name: input.name ?? `${truncateText(campaign.name, 113)} (copy)`,
      budget: campaign.budget,
      status: 'draft',
      createdById: this.currentUser.id,
    });
    if (!copy.isPersisted) throw toValidationError(copy.errors);
    return copy;
  }

  /**
   * Attaches an uploaded, confirmed asset: `{slot: 'logo' | 'documents' | 'video', assetId}`.
   * A logo or a video replaces the previous one; documents append (10 at most). The
   * asset must have been uploaded for this team and slot (else 404 / 422).
   */
  @action('POST', undefined, { load: true, input: attachInput, output: 'record', summary: 'Attach an uploaded file' })
  async attach(campaign: Campaign, input: z.infer<typeof attachInput>): Promise<Campaign> {
    await campaign.attach(input.slot, input.assetId);
    return campaign.load('creator', 'logo', 'documents', 'video');
  }

  /**
   * Removes a file: `{slot, assetId}` that one (a file the slot does not hold, another team's
   * included, is a 404), `{slot}` every file of the slot. The slot takes a new file at once; the
   * asset cleanup deletes the detached file after its usual delay (docs/attachments.md).
   */
  @action('POST', undefined, { load: true, input: detachInput, output: 'record', summary: 'Remove an attached file' })
  async detach(campaign: Campaign, input: z.infer<typeof detachInput>): Promise<Campaign> {
    const removed = await campaign.detach(input.slot, input.assetId);
    if (input.assetId !== undefined && removed === 0) throw new NotFound('File');
    return campaign.load('creator', 'logo', 'documents', 'video');
  }
}
