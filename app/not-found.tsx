/**
 * 404: unknown pages, and teams or records the caller cannot reach. The API
 * answers 404 for a team you are not a member of (no hint it exists), and so
 * does this page. Titled "Not found", so the tab and a screen reader say so first.
 */
import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Not found' };

export default function NotFound() {
  return (
    <main className="page narrow">
      <h1>Not found</h1>
      <p className="muted">This page does not exist, or you do not have access to it.</p>
      <p>
        <Link href="/">Back to your teams</Link>
      </p>
    </main>
  );
}
