/**
 * Reads a JSON request body defensively: size capped while streaming (a
 * missing or lying Content-Length cannot make us buffer more than the limit),
 * `application/json` required when there is a body (a cross-site HTML form
 * cannot send that type without a CORS preflight), malformed JSON -> 400, and
 * no U+0000 anywhere (PostgreSQL `text` cannot store it; the driver would
 * fail with a 500). Valid JSON that is not an object is returned as is: the
 * caller decides what shape it accepts.
 */
import { AppError, BadRequest } from '../controller/errors';

export const DEFAULT_BODY_LIMIT = 1_048_576;

const NUL_RULE = 'must not contain the NUL character (U+0000)';

function describeLimit(bytes: number): string {
  return bytes % 1_048_576 === 0 ? `${bytes / 1_048_576} MB` : `${bytes} bytes`;
}

function tooLarge(limitBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `Request body exceeds ${describeLimit(limitBytes)}`);
}

/** `application/json`, optionally with parameters (`; charset=utf-8`), any case. */
export function isJsonContentType(header: string | null): boolean {
  return header?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

function assertJsonContentType(request: Request): void {
  if (!isJsonContentType(request.headers.get('content-type'))) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Request body must be JSON (Content-Type: application/json)');
  }
}

async function readLimited(body: ReadableStream<Uint8Array>, limitBytes: number): Promise<Uint8Array> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limitBytes) {
      // Stop the sender early instead of draining the rest of the upload.
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limitBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

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

export async function readJsonBody(request: Request, limitBytes = DEFAULT_BODY_LIMIT): Promise<unknown> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared)) {
    const length = Number(declared);
    if (length > limitBytes) throw tooLarge(limitBytes);
    if (length === 0) return {};
    // A declared body is known to be non-empty: refuse a wrong type unread.
    assertJsonContentType(request);
  }
  if (request.body === null) return {};

  const bytes = await readLimited(request.body, limitBytes);
  if (bytes.byteLength === 0) return {};
  assertJsonContentType(request);

  let parsed: unknown;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    parsed = JSON.parse(text);
    // Raw U+0000 is invalid inside JSON strings, so only the escape can carry it.
    if (text.includes('\\u0000')) assertNoNulChars(parsed);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new BadRequest('Malformed JSON body');
  }
  return parsed;
}
