/**
 * Attachments point at records by model name (`service_attachments.attachable_type`), with no foreign
 * key, so dropping a model's table leaves its attachment rows behind: the files stay "attached" to records
 * that no longer exist, and the asset cleanup never frees them. A migration that drops models' tables
 * deletes their rows too; the files are then detached, and the cleanup job deletes them after its usual
 * delay (docs/attachments.md). Used by `destroy scaffold` and `npm run demo:remove`.
 */
import { appendFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Appends the delete to the migration `db/migrations/<n>_<migrationName>.sql`; false when there is none. */
export function detachAttachments(root: string, migrationName: string, models: readonly string[]): boolean {
  const folder = path.join(root, 'db/migrations');
  const migration = readdirSync(folder).find((file) => file.endsWith(`_${migrationName}.sql`));
  if (!migration || models.length === 0) return false;
  const names = models.map((name) => `'${name}'`).join(', ');
  appendFileSync(
    path.join(folder, migration),
    `--> statement-breakpoint\nDELETE FROM "service_attachments" WHERE "attachable_type" IN (${names});\n`,
  );
  return true;
}
