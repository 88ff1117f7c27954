/**
 * Where to go after signing in (`?next=` on /sign-in and /sign-up): a path on
 * this site only. `//evil.example` and `/\evil.example` are other sites to a
 * browser, so anything but a single leading slash is refused.
 */
export function safeNextPath(value: FormDataEntryValue | string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  return /^\/(?![/\\])[^\s]*$/.test(value) ? value : null;
}
