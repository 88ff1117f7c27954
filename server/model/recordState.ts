/**
 * Per-record bookkeeping, kept under a symbol so it never collides with an
 * attribute and never shows up in `toJSON()` or `Object.keys(record)`.
 */
export const STATE: unique symbol = Symbol('model.state');

export interface RecordState {
  /** Attribute values, keyed by attribute name; a key is absent when it was not loaded. */
  attributes: Record<string, unknown>;
  /** Attributes assigned since the last load or save (only these are written by an UPDATE). */
  changed: Set<string>;
  persisted: boolean;
  destroyed: boolean;
  /** Loaded associations (and other nested data such as attachments), by name. */
  associations: Map<string, unknown>;
}

export function newRecordState(): RecordState {
  return { attributes: {}, changed: new Set(), persisted: false, destroyed: false, associations: new Map() };
}

/** Equality used to decide whether an assignment changes an attribute. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    return JSON.stringify(a) === JSON.stringify(b);
  }
  return false;
}
