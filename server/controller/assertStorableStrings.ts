/**
 * Every string in client input must be text PostgreSQL stores exactly:
 *
 * - no U+0000: `text` cannot hold it and the driver would fail with a 500;
 * - no unpaired surrogate (`"\ud800"` in JSON): UTF-8 cannot encode it, so
 *   it would be stored silently as U+FFFD, changing what the client sent.
 *
 * The body reader, the query string, tRPC input and the index parsers all
 * call this one check, so each answers the same 400 naming the field. The
 * rules are server/shared/storableText.ts's, which the model applies on save.
 */
import { NUL_RULE, truncateText, unstorableTextRule } from '../shared/storableText';
import { BadRequest } from './errors';

/** Where a value sits in the input; a linked list so deep nesting costs O(1) per step. */
interface PathNode {
  key: string | number;
  parent: PathNode | undefined;
}

/** Key for `fields`: the JSON path of the offending string, printable and short. */
function fieldPath(node: PathNode | undefined, root: string): string {
  const parts: string[] = [];
  for (let at = node; at !== undefined && parts.length < 20; at = at.parent) {
    parts.unshift(truncateText(JSON.stringify(String(at.key)).slice(1, -1), 50));
  }
  return parts.length === 0 ? root : parts.join('.');
}

function refuse(rule: string, path: PathNode | undefined, root: string): never {
  const message =
    rule === NUL_RULE
      ? 'Strings must not contain the NUL character (U+0000)'
      : 'Strings must be valid Unicode (no unpaired surrogate)';
  throw new BadRequest(message, { [fieldPath(path, root)]: [rule] });
}

/**
 * Throws a 400 when any string in `value` (object keys included, at any depth)
 * contains U+0000 or an unpaired surrogate. Iterative, so deeply nested input
 * cannot overflow the stack. `root` names the whole value in `fields` when it
 * is a bare string; otherwise the key is the path of the string, e.g. `data.name`.
 */
export function assertStorableStrings(value: unknown, root = 'body'): void {
  const stack: { value: unknown; path: PathNode | undefined }[] = [{ value, path: undefined }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value: current, path } = item;
    if (typeof current === 'string') {
      const rule = unstorableTextRule(current);
      if (rule) refuse(rule, path, root);
    } else if (Array.isArray(current)) {
      current.forEach((element, index) => {
        stack.push({ value: element, path: { key: index, parent: path } });
      });
    } else if (current !== null && typeof current === 'object') {
      for (const [key, element] of Object.entries(current)) {
        stack.push({ value: key, path });
        stack.push({ value: element, path: { key, parent: path } });
      }
    }
  }
}
