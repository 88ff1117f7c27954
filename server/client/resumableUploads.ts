/**
 * Where the browser remembers its multipart uploads, so that one survives a
 * reload: localStorage, one entry per file under its name, size, type and
 * date (`upload:<name>:<size>:<type>:<lastModified>`). The server keeps the
 * parts it was told about; choosing the same file again asks it which are
 * there and sends only the rest (uploadMultipart.ts).
 *
 * A page cannot reopen a file by itself after a reload (browsers do not hand
 * files back), so `rememberedUploads(scope)` lists the interrupted ones for a
 * widget to say "choose video.mp4 again to continue".
 */

/** The Storage methods used; tests pass an in-memory one. `key`/`length` are needed only to list. */
export type UploadMemory = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> &
  Partial<Pick<Storage, 'key' | 'length'>>;

export interface RememberedUpload {
  /** The storage key (also what `forgetUpload` takes). */
  key: string;
  assetId: number;
  partSize: number;
  partCount: number;
  /** Set from the file when the upload started (entries written before lack them). */
  filename?: string;
  byteSize?: number;
  /** What the upload was for (e.g. `teams/1/campaigns/5/video`), so a page lists only its own. */
  scope?: string;
}

const PREFIX = 'upload:';

export function resumeKey(file: Pick<File, 'name' | 'size' | 'type' | 'lastModified'>): string {
  return `${PREFIX}${file.name}:${file.size}:${file.type}:${file.lastModified}`;
}

export function defaultUploadMemory(): UploadMemory | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage disabled (privacy settings): no resume
  }
}

function parse(key: string, text: string | null): RememberedUpload | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<RememberedUpload>;
    if (typeof value.assetId !== 'number' || typeof value.partSize !== 'number' || typeof value.partCount !== 'number')
      return undefined;
    return { ...value, key } as RememberedUpload;
  } catch {
    return undefined; // written by something else: ignored
  }
}

export function recallUpload(memory: UploadMemory | undefined, key: string): RememberedUpload | undefined {
  return memory ? parse(key, memory.getItem(key)) : undefined;
}

export function rememberUpload(memory: UploadMemory | undefined, upload: RememberedUpload): void {
  const { key, ...value } = upload;
  try {
    memory?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota exceeded: the upload still runs, it just cannot resume after a reload.
  }
}

export function forgetUpload(memory: UploadMemory | undefined, key: string): void {
  memory?.removeItem(key);
}

/** The uploads remembered for `scope` (interrupted by a reload, a pause or a failure), oldest first. */
export function rememberedUploads(scope: string, memory = defaultUploadMemory()): RememberedUpload[] {
  if (!memory?.key || memory.length === undefined) return [];
  const found: RememberedUpload[] = [];
  for (let index = 0; index < memory.length; index++) {
    const key = memory.key(index);
    if (!key?.startsWith(PREFIX)) continue;
    const upload = parse(key, memory.getItem(key));
    if (upload?.scope === scope) found.push(upload);
  }
  return found;
}
