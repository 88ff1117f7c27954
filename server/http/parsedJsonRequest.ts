/**
 * A request whose JSON body has already been read and parsed (by
 * `readJsonBody`, with its size, type, depth and U+0000 rules), handed to
 * tRPC's fetch adapter so that it does not read and parse the body again.
 * Re-serialising the parsed value for it used to cost a second parse and, on
 * deeply nested input, a stack overflow in `JSON.stringify` (a 500).
 *
 * tRPC reads a POST body only through `request.json()` (its JSON content-type
 * handler), which this answers with the parsed value; the request itself
 * carries no body.
 */
export class ParsedJsonRequest extends Request {
  readonly #parsed: unknown;

  constructor(original: Request, parsed: unknown) {
    const headers = new Headers(original.headers);
    // tRPC picks its JSON handler by this header; an empty body (no type) was read as `{}`.
    headers.set('content-type', 'application/json');
    headers.delete('content-length');
    super(original.url, { method: original.method, headers, signal: original.signal });
    this.#parsed = parsed;
  }

  override json(): Promise<unknown> {
    return Promise.resolve(this.#parsed);
  }
}
