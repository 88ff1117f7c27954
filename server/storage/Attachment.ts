/**
 * The polymorphic join between an app record and an Asset: one row of
 * `service_attachments` per file in a slot. `attachableType` is the owner's
 * model name (`Campaign`), `name` the bare slot name (`logo`), `position`
 * the order within a has-many slot. Write through `record.attach()` /
 * `detach()` / `reorderAttachments()`, which keep the invariants.
 */
import { belongsTo, Model } from '../model';
import { Asset } from './Asset';
import { serviceAttachments } from './tables';

export class Attachment extends Model(serviceAttachments, { name: 'Attachment' }) {
  static associations = { asset: belongsTo(() => Asset) };
}
