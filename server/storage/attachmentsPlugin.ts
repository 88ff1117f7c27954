/**
 * Wires attachments into the model layer through its extension points:
 *
 * - the `attachments` key of `Model(table, options)` (declaration merging on
 *   ModelOptions), read by a model plugin that registers the slots and adds
 *   one association per slot, so `includes('logo')` loads it;
 * - `attach` / `detach` / `reorderAttachments` on every record (declaration
 *   merging on ModelBase, methods installed on its prototype here: they are
 *   record behaviour, like `save`, and a record without slots answers with a
 *   clear 400 naming the slot);
 * - the plugin's `afterDestroy`, inside the destroy transaction: a destroyed
 *   record's attachments go and their assets are marked for the cleanup.
 *
 * Imported for its effects by server/storage/index.ts.
 */
import type { ModelBase as ModelBaseType } from '../model';
import { ModelBase, type ModelClass, registerModelPlugin } from '../model';
import type { AnyTable } from '../model/types';
import type { Attachment } from './Attachment';
import { attachedAssociation } from './attachedAssociation';
import { type AttachmentSlot, registerSlots } from './attachmentSlots';
import { attachAsset, detachAll, detachAssets, reorderAttachments } from './recordAttachments';

declare module '../model/ModelOptions' {
  interface ModelOptions<TTable extends AnyTable> {
    /** File slots: `{ logo: hasOneAttached({...}), documents: hasManyAttached({...}) }` (server/storage). */
    attachments?: Readonly<Record<string, AttachmentSlot>>;
  }
}

declare module '../model/ModelBase' {
  interface ModelBase<A extends Record<string, unknown> = Record<string, unknown>> {
    /** Attaches a ready asset to a slot (bare name, e.g. `logo`); see server/storage/recordAttachments.ts. */
    attach(slot: string, assetId: number): Promise<Attachment>;
    /** Detaches one asset, or all of the slot's; returns how many. */
    detach(slot: string, assetId?: number): Promise<number>;
    /** Sets the order of a has-many slot; `assetIds` lists every attached asset once. */
    reorderAttachments(slot: string, assetIds: readonly number[]): Promise<void>;
  }
}

const recordMethods: Record<string, (this: ModelBaseType, ...args: never[]) => unknown> = {
  attach(this: ModelBaseType, slot: string, assetId: number) {
    return attachAsset(this, slot, assetId);
  },
  detach(this: ModelBaseType, slot: string, assetId?: number) {
    return detachAssets(this, slot, assetId);
  },
  reorderAttachments(this: ModelBaseType, slot: string, assetIds: readonly number[]) {
    return reorderAttachments(this, slot, assetIds);
  },
};
for (const [name, method] of Object.entries(recordMethods)) {
  // Non-enumerable, like class methods; configurable so HMR can re-install them.
  Object.defineProperty(ModelBase.prototype, name, { value: method, writable: true, configurable: true });
}

/** Models that declared slots, by name, with their tables (destroy and the cleanup's sweep use them). */
const withSlots = new Map<string, AnyTable>();

/** Tables of the declared models that have attachment slots, by model name. */
export function modelsWithSlots(): ReadonlyMap<string, AnyTable> {
  return withSlots;
}

function slotsOf(model: ModelClass): Readonly<Record<string, AttachmentSlot>> | undefined {
  return model.meta.options.attachments;
}

registerModelPlugin({
  name: 'attachments',
  setup(model) {
    const slots = slotsOf(model);
    if (!slots || Object.keys(slots).length === 0) return;
    for (const registered of registerSlots(model.modelName, slots)) {
      model.meta.addAssociation(registered.name, attachedAssociation(registered));
    }
    withSlots.set(model.modelName, model.meta.table);
  },
  // Only models with slots need the destroy transaction and the detach.
  appliesTo: (model) => withSlots.has(model.modelName),
  async afterDestroy(record) {
    await detachAll(record);
  },
});
