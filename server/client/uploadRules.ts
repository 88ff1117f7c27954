/**
 * The browser's check of a file against a slot's rules, before anything is
 * presigned: it spares a round trip and gives an immediate message. The MIME
 * rule is the server's own (`server/shared/mimeMatches.ts`), so the browser
 * refuses exactly what presign would; the server checks again anyway.
 */
import { formatBytes } from '../shared/byteSizes';
import { isolateText } from '../shared/isolateText';
import { mimeMatches } from '../shared/mimeMatches';

export interface UploadRules {
  /**
   * `image/*`, `application/pdf`, or a list; `image/*` excludes SVG, as on the server. Absent for a
   * slot that accepts any type (a private `hasOneAttached` without `accepts`): `npm run gen` emits none then.
   */
  accepts?: string | readonly string[];
  /** Bytes. */
  maxSize: number;
  /** Files the slot may hold in all (has-many slots). */
  max?: number;
  /**
   * `one` for a has-one slot (`attachmentSlots` says so): a file chosen while another is on its way
   * replaces it (the running upload is cancelled), so the last choice is the one attached.
   */
  kind?: 'one' | 'many';
}

/** Why `file` may not be uploaded under `rules`, or null; the file's name isolated (isolateText). */
export function fileProblem(file: { name: string; type: string; size: number }, rules: UploadRules): string | null {
  // The name is the user's (a right-to-left override in it must not reverse the words after it).
  const name = isolateText(file.name);
  if (!mimeMatches(rules.accepts, file.type)) {
    // Only reached with `accepts` given: without it every type matches.
    const wanted = typeof rules.accepts === 'string' ? rules.accepts : (rules.accepts ?? []).join(', ');
    return `${name}: this type of file is not accepted (${file.type || 'unknown type'}; expected ${wanted}).`;
  }
  if (file.size > rules.maxSize) {
    const limit = formatBytes(rules.maxSize);
    // Just over the limit rounds to the limit itself: give the exact size then.
    const size =
      formatBytes(file.size) === limit ? `${file.size.toLocaleString('en-US')} bytes` : formatBytes(file.size);
    return `${name} is too large (${size}; the limit is ${limit}).`;
  }
  if (file.size === 0) return `${name} is empty.`;
  return null;
}
