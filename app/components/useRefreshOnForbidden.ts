'use client';
/**
 * For a mutation a page offers only to some roles (an owner's controls): a
 * 403 means the role the page was rendered for is gone (another owner made
 * this user a member while the page was open). The role is read on the
 * server at render, so refresh the server data: the page renders again for
 * the role the user has now and its controls match it. The mutation keeps its
 * error, so the page still says what was refused.
 *
 *   const remove = members.destroy({ onError: useRefreshOnForbidden() });
 */
import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import { isClientError } from '@/controllers/browser';

export function useRefreshOnForbidden(): (error: unknown) => void {
  const router = useRouter();
  return useCallback(
    (error: unknown) => {
      if (isClientError(error) && error.code === 'FORBIDDEN') router.refresh();
    },
    [router],
  );
}
