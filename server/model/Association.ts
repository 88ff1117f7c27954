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
}

/** What a model's static `associations` (or the `associations` option) returns: name -> association. */
export type Associations = Record<string, Association>;
