/**
 * The contract every association kind implements (belongsTo, hasMany, hasOne;
 * the attachment subsystem adds its own). Preloading is done for a whole
 * batch of records with one statement, never one per record.
 */
import type { ModelBase } from './ModelBase';
import type { ModelClass } from './ModelClass';

export interface Association {
  readonly kind: string;
  /** Loads the association for all `records` (one statement) and sets it with `record.setAssociation(name, value)`. */
  preload(owner: ModelClass, name: string, records: readonly ModelBase[]): Promise<void>;
  /** Boot-time check of names (foreign key, columns, target); throws with a message naming the model. */
  check?(owner: ModelClass, name: string): void;
  /** Value for a record whose association is known to be empty (e.g. a new record). */
  empty?(): unknown;
  /**
   * What a loaded value holds, for API descriptions (server/openapi): the
   * target model, one or many, and the attributes it is limited to. Optional:
   * an association without it is described as any JSON value.
   */
  shape?(owner: ModelClass, name: string): AssociationShape;
}

export interface AssociationShape {
  target: ModelClass;
  many: boolean;
  /** Limited to these attributes (plus `id` and, for hasMany, the foreign key); all non-hidden ones when absent. */
  columns?: readonly string[];
}

/** What a model's static `associations` (or the `associations` option) returns: name -> association. */
export type Associations = Record<string, Association>;
