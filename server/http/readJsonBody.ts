/**
 * Reads a JSON request body defensively: size capped while streaming (a
 * missing or lying Content-Length cannot make us buffer more than the limit),
 * `application/json` required when there is a body (a cross-site HTML form
 * cannot send that type without a CORS preflight), malformed JSON -> 400, and
 * no U+0000 or unpaired surrogate anywhere (PostgreSQL cannot store either
 * as sent: assertStorableStrings.ts), and no nesting deeper than `MAX_JSON_DEPTH` (recursive
 * code downstream, `JSON.stringify` or a validator, would overflow the stack:
 * a 500 instead of a 400). Valid JSON that is not an object is returned as is, `null`
 * included (only an empty body is {}): the caller decides what shape it accepts, and
 * REST actions refuse all of them alike (asObject, server/controller/actionKinds.ts).
 */
import { assertStorableStrings } from '../controller/assertStorableStrings';
import { AppError, BadRequest } from '../controller/errors';
import { MiB } from '../shared/byteSizes';

const DEFAULT_BODY_LIMIT = MiB;
/**
 * Deepest nesting of arrays and objects a request may carry. Real inputs
 * (`{data: {...}}`, a filter, a jsonb attribute) stay far below it; raise it
 * here if a jsonb column of yours legitimately nests deeper.
 */
export const MAX_JSON_DEPTH = 64;
/** `\u0000` or `\uD800`-`\uDFFF` in the text: only then can a parsed string hold what PostgreSQL cannot store. */
const MAY_HOLD_UNSTORABLE = /\\u(?:0000|[dD][89a-fA-F])/;

function describeLimit(bytes: number): string {
  return bytes % MiB === 0 ? `${bytes / MiB} MiB` : `${bytes} bytes`;
}

function tooLarge(limitBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `Request body exceeds ${describeLimit(limitBytes)}`);
}

/** `application/json`, optionally with parameters (`; charset=utf-8`), any case. */
function isJsonContentType(header: string | null): boolean {
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

/**
 * Throws a 400 when the JSON text nests arrays/objects deeper than `limit`.
 * A linear scan of the text before parsing it, so a hostile body costs one
 * pass and no object graph; brackets inside strings do not count. Also used
 * for tRPC's `?input=` query parameter, the GET twin of a body.
 */
export function assertJsonDepth(text: string, limit = MAX_JSON_DEPTH): void {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      // A backslash escapes the next character (`\"` does not end the string).
      if (char === 0x5c) index++;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b || char === 0x7b) {
      if (++depth > limit) throw new BadRequest(`JSON nests deeper than ${limit} levels`);
    } else if (char === 0x5d || char === 0x7d) {
      depth--;
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
    assertJsonDepth(text);
    parsed = JSON.parse(text);
    // Only an escape can carry U+0000 (raw, it is invalid JSON) or a lone surrogate (raw, invalid UTF-8).
    if (MAY_HOLD_UNSTORABLE.test(text)) assertStorableStrings(parsed);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new BadRequest('Malformed JSON body');
  }
  return parsed;
}
