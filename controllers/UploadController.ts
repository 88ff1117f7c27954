/**
 * File uploads for a team, straight from the browser to object storage:
 *
 *   POST /api/teams/:teamId/uploads/presign  {filename, contentType, byteSize, slot}
 *        -> {asset, uploadUrl, method, headers, expiresAt, publicUrl?}
 *   PUT  <uploadUrl> with `headers` (the browser talks to S3, not to us)
 *   POST /api/teams/:teamId/uploads/confirm  {assetId}  -> the ready asset
 *   then the record's controller attaches it: an action calling
 *        `record.attach(slot, assetId)` (docs/attachments.md)
 *
 * `slot` names a slot declared in a model's `attachments`, as
 * `<Model>.<name>`, with its types and sizes. presign and confirm come from the framework's UploadsController;
 * this class adds the team scope, the uploader's id (only they can confirm
 * their upload) and a usage summary. Any team-scoped model's slots can be
 * signed here (`allowsSlot`): declare one and it is uploadable.
 * Presigns are rate limited per user (`RATE_LIMIT_PRESIGN`, backend/rateLimit).
 */
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type AppContext, signedInUser } from '@/backend/context';
import { rateLimit } from '@/backend/rateLimit';
import { modelClasses } from '@/db/models';
import {
  action,
  apiDoc,
  before,
  db,
  type ModelClass,
  type RegisteredSlot,
  scope,
  serviceAssets,
  UploadsController,
} from '@/server';

@apiDoc({
  tag: 'Uploads',
  description: "Direct-to-storage uploads: presign, PUT to `uploadUrl`, confirm, then attach to a record's slot.",
})
@scope('teamId')
export class UploadController extends UploadsController<AppContext> {
  override uploadMetadata(): Record<string, unknown> {
    return { userId: signedInUser(this.context).id };
  }

  /**
   * Presigns per user, single and multipart alike (each makes an asset row and
   * a signed URL); 429 with Retry-After once over. The parts of one multipart
   * upload (signParts, recordPart) and confirm are not counted.
   */
  @before({ only: ['presign', 'createMultipart'] })
  async limitPresigns(): Promise<void> {
    await rateLimit('presign', `user:${signedInUser(this.context).id}`);
  }

  /** The slots of the team's own records: models with a `teamId` column, like every scaffolded resource. */
  override allowsSlot(slot: RegisteredSlot): boolean {
    const model: ModelClass | undefined = (modelClasses as Record<string, ModelClass>)[slot.modelName];
    return model?.attributeNames.includes('teamId') ?? false;
  }

  /** Files the team has stored (uploaded and confirmed), and their total size, in one statement. */
  @action('GET', undefined, {
    output: z.object({ assetCount: z.number().int(), totalBytes: z.number().int() }),
    summary: "The team's stored files and their total size",
  })
  async storageUsage(): Promise<{ assetCount: number; totalBytes: number }> {
    const teamScope = JSON.stringify({ scope: { teamId: this.scopeParams.teamId } });
    const [row] = await db()
      .select({
        assetCount: sql<number>`count(*)`.mapWith(Number),
        totalBytes: sql<number>`coalesce(sum(${serviceAssets.byteSize}), 0)`.mapWith(Number),
      })
      .from(serviceAssets)
      // `@>` on metadata uses the GIN index of service_assets.
      .where(and(sql`${serviceAssets.metadata} @> ${teamScope}::jsonb`, eq(serviceAssets.status, 'ready')));
    return { assetCount: row?.assetCount ?? 0, totalBytes: row?.totalBytes ?? 0 };
  }
}
