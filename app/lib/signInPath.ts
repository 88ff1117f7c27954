/**
 * The sign-in page's address that returns to `here` afterwards
 * (`/sign-in?next=<here>`), or plain `/sign-in` when `here` is not a path on
 * this site: the sign-in page refuses other values (safeNextPath.ts), and so
 * does this, so no caller can build a link that sends someone off-site.
 */
import { safeNextPath } from '../sign-in/safeNextPath';

export function signInPath(here: string | null | undefined): string {
  const next = safeNextPath(here);
  return next ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in';
}
