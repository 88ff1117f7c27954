/**
 * For a page showing one record: its query answered 404 (deleted, by this tab
 * or another; or never this team's), so the page is the team's not-found page
 * (app/teams/[teamId]/not-found.tsx), as a fresh visit would be. React Query
 * keeps a record's last data when a refetch fails, so `data` alone would go on
 * showing the record, with buttons that now answer 404 (the browser's Back to
 * a deleted record's page did). Call it while rendering, before using `data`.
 */
import { notFound } from 'next/navigation';
import { isClientError } from '@/controllers/browser';

export function notFoundIfGone(error: unknown): void {
  if (isClientError(error) && error.code === 'NOT_FOUND') notFound();
}
