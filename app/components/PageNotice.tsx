'use client';
/**
 * The status region of a server-rendered page that an action elsewhere lands
 * on: it shows the message that action left with `noticeForNextPage`, so
 * screen readers announce it, and moves focus to the element `focusId` names
 * (usePageNotice.ts). Empty, it stays in the page (`.notice:empty`).
 *
 *   <h2 id="teams-heading" tabIndex={-1}>Your teams</h2>
 *   <PageNotice focusId="teams-heading" />
 */
import { usePageNotice } from './usePageNotice';

export function PageNotice({ focusId }: { focusId: string }) {
  const [message] = usePageNotice(focusId);
  return (
    <p role="status" className="notice">
      {message}
    </p>
  );
}
