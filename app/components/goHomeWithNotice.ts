/**
 * Leaves a page the user can no longer use (a team they are no longer in)
 * for the home page, their teams, which says why in its status region
 * (noticeForNextPage.ts). A client navigation, not a full page load: the
 * notice lives in this page's memory, and the home page is rendered afresh on
 * the server anyway. `replace`, so Back does not return to the dead page.
 */
import type { useRouter } from 'next/navigation';
import { noticeForNextPage } from './noticeForNextPage';

type Router = ReturnType<typeof useRouter>;

export function goHomeWithNotice(router: Router, message: string): void {
  noticeForNextPage(message);
  router.replace('/');
  // The layouts read the caller's teams on the server: refresh so the one they left is gone.
  router.refresh();
}
