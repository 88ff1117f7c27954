/**
 * The attachment slots of the controllers' models, as the browser needs them
 * to check a file before presigning (type, size, count). Read from the model
 * declarations (`attachments` option), so the client's rules are the server's
 * and cannot drift from a hand-written copy.
 */
import { type ControllerClass, compileController } from '../controller';
import type { AttachmentSlot } from '../storage';

export interface SlotDescription {
  /** `Campaign.logo` */
  key: string;
  kind: 'one' | 'many';
  accepts?: string | readonly string[];
  maxSize?: number;
  max?: number;
}

export function describeSlots(classes: readonly ControllerClass[]): SlotDescription[] {
  const slots = new Map<string, SlotDescription>();
  for (const Controller of classes) {
    const { model } = compileController(Controller);
    const declared = (model?.meta.options as { attachments?: Record<string, AttachmentSlot> } | undefined)?.attachments;
    for (const [name, slot] of Object.entries(declared ?? {})) {
      const key = `${model?.modelName}.${name}`;
      slots.set(key, {
        key,
        kind: slot.kind,
        ...(slot.accepts !== undefined ? { accepts: slot.accepts } : {}),
        ...(slot.maxSize !== undefined ? { maxSize: slot.maxSize } : {}),
        ...(slot.max !== undefined ? { max: slot.max } : {}),
      });
    }
  }
  return [...slots.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
