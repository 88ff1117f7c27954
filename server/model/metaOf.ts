/**
 * The compiled metadata of a model class or record. It lives apart from
 * ModelBase so that saveRecord and destroyRecord, which ModelBase calls, can
 * read it without importing ModelBase back (an import cycle the lint forbids).
 */
import type { ModelBase } from './ModelBase';
import type { ModelMeta } from './ModelMeta';

export function metaOfClass(model: { meta?: ModelMeta }): ModelMeta {
  if (!model.meta) throw new Error('Declare models with Model(table, options) rather than extending ModelBase.');
  return model.meta;
}

export function metaOf(record: ModelBase): ModelMeta {
  return metaOfClass(record.constructor as { meta?: ModelMeta });
}
