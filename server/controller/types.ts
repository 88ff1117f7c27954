/**
 * The model-layer types the controller framework works with. Controllers
 * receive model classes as arguments (`@crud(Campaign, ...)`), so only types
 * are imported here.
 */
import type { ModelBase, ModelClass, Relation } from '../model';

export type ModelLike = ModelClass;
export type RecordLike = ModelBase;
export type RelationLike<R extends ModelBase = ModelBase> = Relation<R>;

export type { SortTerm } from './parseIndexQuery';

/** How the framework sees a controller instance (whatever its type parameters). */
export interface ControllerInstance {
  context: unknown;
  params: Record<string, unknown>;
  scopeParams: Record<string, number>;
  relation: Relation<ModelBase> | null;
  record: ModelBase | null;
  actionName: string;
}
