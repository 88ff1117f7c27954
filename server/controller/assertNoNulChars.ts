/**
 * No U+0000 anywhere in client input: PostgreSQL `text` cannot store it and
 * the driver would fail with a 500. The body reader, the query string and the
 * index parsers all call this one check, so each answers the same 400.
 */
import { BadRequest } from './errors';

const NUL_RULE = 'must not contain the NUL character (U+0000)';

/** Where a value sits in the input; a linked list so deep nesting costs O(1) per step. */
interface PathNode {
  key: string | number;
  parent: PathNode | undefined;
}

/** Key for `fields`: the JSON path of the offending string, printable and short. */
function fieldPath(node: PathNode | undefined, root: string): string {
  const parts: string[] = [];
  for (let at = node; at !== undefined && parts.length < 20; at = at.parent) {
    parts.unshift(String(at.key).replaceAll('\u0000', '\\u0000').slice(0, 50));
  }
  return parts.length === 0 ? root : parts.join('.');
}

/**
 * Throws a 400 when any string in `value` (object keys included, at any depth)
 * contains U+0000. Iterative, so deeply nested input cannot overflow the
 * stack. `root` names the whole value in `fields` when it is a bare string;
 * otherwise the key is the path of the string, e.g. `data.name`.
 */
export function assertNoNulChars(value: unknown, root = 'body'): void {
  const stack: { value: unknown; path: PathNode | undefined }[] = [{ value, path: undefined }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value: current, path } = item;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) {
        throw new BadRequest('Strings must not contain the NUL character (U+0000)', {
          [fieldPath(path, root)]: [NUL_RULE],
        });
      }
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
