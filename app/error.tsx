'use client';
/**
 * The error page of every route below the root layout: a page or layout that
 * throws (the database is down, a bug) shows this inside the site header
 * instead of Next's generic "This page couldn't load". The root layout's own
 * failures go to app/global-error.tsx. Wording: app/components/errors/ErrorView.tsx.
 */
import { ErrorView } from './components/errors/ErrorView';

interface Props {
  error: Error & { digest?: string };
  reset: () => void;
  /** Next 16.4 passes it: refreshes the server's part of the page, then re-renders (reset alone re-renders only). */
  retry?: () => void;
}

export default function ErrorPage({ error, reset, retry }: Props) {
  return <ErrorView digest={error.digest} onRetry={retry ?? reset} />;
}
