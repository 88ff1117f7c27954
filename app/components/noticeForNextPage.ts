/**
 * A message that outlives a client-side navigation: an action that leaves
 * its page (a delete, say) leaves its outcome here, and the page it goes to
 * takes it once, shows it in its status region (so screen readers announce
 * it) and puts focus on its heading, where the keyboard carries on, instead
 * of on the document's start. Module state: it lives only until the next
 * full page load, which is what a notice should.
 */
let pending: string | null = null;

export function noticeForNextPage(message: string): void {
  pending = message;
}

/** The waiting message, if any; it is gone after this call. */
export function takeNoticeForPage(): string | null {
  const message = pending;
  pending = null;
  return message;
}
