'use client';
/**
 * The notice a page shows when it is landed on: the message an action
 * elsewhere left with `noticeForNextPage` (taken once), with focus moved to
 * the element `focusId` names (a heading with `tabIndex={-1}`), where the
 * keyboard carries on. The setter lets the page put its own notices in the
 * same status region (a list's bulk actions, say).
 */
import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
import { takeNoticeForPage } from './noticeForNextPage';

export function usePageNotice(focusId: string): [string, Dispatch<SetStateAction<string>>] {
  const [message, setMessage] = useState('');
  useEffect(() => {
    const taken = takeNoticeForPage();
    if (taken === null) return;
    setMessage(taken);
    document.getElementById(focusId)?.focus();
  }, [focusId]);
  return [message, setMessage];
}
