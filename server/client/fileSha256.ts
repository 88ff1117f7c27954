/**
 * The SHA-256 of a file, computed in the browser before presign so the
 * upload URL can sign it (`x-amz-checksum-sha256`) and the store refuses
 * bytes that changed on the way. Base64, as S3 spells checksums.
 *
 * SubtleCrypto digests a whole buffer (no streaming API), so the file is
 * read into memory once: only files up to CLIENT_CHECKSUM_MAX_BYTES are
 * hashed, larger ones go without (the store still checks size and type, and
 * confirm sniffs the content). SubtleCrypto exists only in secure contexts
 * (https, localhost): elsewhere the upload simply goes without a checksum.
 */
import { MiB } from '../shared/byteSizes';

/** 32 MiB: hashing takes ~0.1 s per 32 MiB on a laptop, and the memory is released right after. */
export const CLIENT_CHECKSUM_MAX_BYTES = 32 * MiB;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Base64 SHA-256 of `file`, or undefined when it is too large or SubtleCrypto is unavailable. */
export async function fileSha256(
  file: Blob,
  maxBytes: number = CLIENT_CHECKSUM_MAX_BYTES,
): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (file.size > maxBytes || !subtle) return undefined;
  const digest = await subtle.digest('SHA-256', await file.arrayBuffer());
  return toBase64(new Uint8Array(digest));
}
