/**
 * `/e2e/fault`: a page that fails on purpose, so the e2e suite can check what
 * a person sees when a page throws on the server (app/error.tsx: a friendly
 * message and a reference, no stack, not Next's generic page). Only when
 * E2E_FAULTS is on, which scripts/e2eServer.ts alone sets; otherwise it is a
 * plain 404. Delete this folder if you drop that test (e2e/errors.spec.ts).
 */
import { notFound } from 'next/navigation';
import { env } from '@/env';

// Decided per request: `next build` must not try to prerender a page that throws.
export const dynamic = 'force-dynamic';

export default function FaultPage(): never {
  if (!env.E2E_FAULTS) notFound();
  // The message stays in the server log; the browser gets only the digest.
  throw new Error('Deliberate failure of /e2e/fault (E2E_FAULTS is on)');
}
