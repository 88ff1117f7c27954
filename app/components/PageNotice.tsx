'use client';
/**
 * The status region of a server-rendered page that an action elsewhere lands
 * on: it shows the message that action left with `noticeForNextPage` (taken
 * once, noticeForNextPage.ts), so screen readers announce it, and moves focus
 * to the element `focusId` names (a heading with `tabIndex={-1}`), where the
 * keyboard carries on. Empty, it stays in the page (`.notice:empty`).
 *
 *   <h2 id="teams-heading" tabIndex={-1}>Your teams</h2>
 *   <PageNotice focusId="teams-heading" />
 */
import { useEffect, useState } from 'react';
import { takeNoticeForPage } from './noticeForNextPage';

export function PageNotice({ focusId }: { focusId: string }) {
  const [message, setMessage] = useState('');
  useEffect(() => {
    const taken = takeNoticeForPage();
    if (taken === null) return;
    setMessage(taken);
    document.getElementById(focusId)?.focus();
  }, [focusId]);
  return (
    <p role="status" className="notice">
      {message}
    </p>
  );
}
