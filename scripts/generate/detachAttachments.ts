/**
 * Attachments point at records by model name (`service_attachments.attachable_type`), with no foreign
 * key, so dropping a model's table leaves its attachment rows behind: the files stay "attached" to records
 * that no longer exist, and the asset cleanup never frees them. A migration that drops models' tables
 * deletes their rows too; the files are then detached, and the cleanup job deletes them after its usual
 * delay (docs/attachments.md). Used by `destroy scaffold` and `npm run demo:remove`.
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Appends the delete to `migration` (a path from the project root), the migration this run just wrote: never
 * one found by name, which after a second destroy of the same resource is the first one, already applied.
 */
export function detachAttachments(root: string, migration: string, models: readonly string[]): void {
  if (models.length === 0) return;
  const names = models.map((name) => `'${name}'`).join(', ');
  appendFileSync(
    path.join(root, migration),
    `--> statement-breakpoint\nDELETE FROM "service_attachments" WHERE "attachable_type" IN (${names});\n`,
  );
}
