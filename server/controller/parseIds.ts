/**
 * `ids` of a bulk mutation: at most MAX_IDS ids, each valid like `:id`,
 * deduplicated with the first occurrence's order kept. The caller binds the
 * result as one array parameter (`= ANY($1)`), so the cap bounds the query.
 * `ids` is required, as the OpenAPI document says: a client that forgot it
 * gets a 400 rather than a 200 that did nothing; `[]` touches nothing.
 */
import { BadRequest } from './errors';
import { ID_RULE, toId } from './parseId';

export const MAX_IDS = 10_000;

export function parseIds(value: unknown): number[] {
  if (value === undefined || value === null) {
    throw new BadRequest('Invalid ids', { ids: ['is required: an array of ids ([] touches nothing)'] });
  }
  if (!Array.isArray(value)) {
    throw new BadRequest('Invalid ids', { ids: ['must be an array of ids'] });
  }
  if (value.length > MAX_IDS) {
    throw new BadRequest('Invalid ids', { ids: [`must contain at most ${MAX_IDS} ids`] });
  }
  const ids = new Set<number>();
  for (const [index, item] of value.entries()) {
    const id = toId(item);
    if (id === null) throw new BadRequest('Invalid ids', { ids: [`item ${index} ${ID_RULE}`] });
    ids.add(id);
  }
  return [...ids];
}
