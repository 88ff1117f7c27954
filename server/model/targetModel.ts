/** Resolves an association's `() => Model` thunk and checks that it gave a declared model. */
import type { ModelClass } from './ModelClass';

export function targetModel(target: () => object, owner: ModelClass, name: string): ModelClass {
  const model: unknown = target();
  if (typeof model !== 'function' || !(model as Partial<ModelClass>).meta) {
    throw new Error(`${owner.modelName}.${name}: the association target is not a model declared with Model(table).`);
  }
  return model as ModelClass;
}
