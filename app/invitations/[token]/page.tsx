/**
 * `/invitations/[token]`: the page an invitation link opens. Shows the team
 * and, for the invited user signed in, Accept and Decline; otherwise asks to sign in or
 * sign up first and come back here (`next`). A used, expired or unknown link
 * says so; the API refuses them anyway.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { formatDuration } from '@/app/components/format';
import { AcceptInvitation } from '@/app/components/members/AcceptInvitation';
import { getCurrentSession } from '@/app/lib/getCurrentSession';
import { isClientError } from '@/controllers/browser';
import { InvitationAcceptanceController } from '@/controllers/serverComponents';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Invitation', referrer: 'no-referrer' };

/** The invitation (null for a link that names none), or `limited` past the visitor's limit of lookups. */
async function lookup(token: string) {
  try {
    return { invitation: await InvitationAcceptanceController.with().mutateLookup({ token }) };
  } catch (error) {
    if (isClientError(error) && (error.code === 'NOT_FOUND' || error.code === 'BAD_REQUEST'))
      return { invitation: null };
    // The page's lookup counts per visitor address as the API's does (RATE_LIMIT_INVITATION_LOOKUP).
    if (isClientError(error) && error.code === 'TOO_MANY_REQUESTS')
      return { invitation: null, limited: { retryAfter: error.retryAfter } };
    throw error;
  }
}

export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [{ invitation, limited }, session] = await Promise.all([lookup(token), getCurrentSession()]);
  if (limited) {
    return (
      <main className="page narrow stack">
        <h1>Invitation</h1>
        <p className="notice" role="alert">
          {`Too many invitation links opened from your address. Try again ${
            limited.retryAfter === undefined ? 'later' : `in ${formatDuration(limited.retryAfter)}`
          }.`}
        </p>
      </main>
    );
  }
  if (invitation?.status !== 'pending') {
    return (
      <main className="page narrow stack">
        <h1>Invitation</h1>
        <p className="notice">
          {invitation?.status === 'accepted'
            ? 'This invitation has already been used.'
            : invitation?.status === 'expired'
              ? 'This invitation has expired. Ask the team owner for a new one.'
              : 'This invitation link is not valid. Ask the team owner for a new one.'}
        </p>
      </main>
    );
  }
  const next = encodeURIComponent(`/invitations/${token}`);
  const wrongAccount = session && session.user.email.toLowerCase() !== invitation.email;
  return (
    <main className="page narrow stack">
      {/* The team's name is user text, bidi controls included: <bdi> keeps them from reversing the words after it. */}
      <h1>
        Join <bdi>{invitation.teamName}</bdi>
      </h1>
      <p>
        You are invited to join{' '}
        <strong>
          <bdi>{invitation.teamName}</bdi>
        </strong>{' '}
        as {invitation.role}. The invitation is for <strong>{invitation.email}</strong>.
      </p>
      {!session ? (
        <p>
          <Link href={`/sign-in?next=${next}`} className="button">
            Sign in to accept
          </Link>{' '}
          <Link href={`/sign-up?next=${next}`}>Create an account</Link>
        </p>
      ) : wrongAccount ? (
        <p className="notice">
          You are signed in as {session.user.email}. Sign in as {invitation.email} to accept:{' '}
          <Link href={`/sign-in?next=${next}`}>switch account</Link>.
        </p>
      ) : (
        <AcceptInvitation token={token} teamName={invitation.teamName} />
      )}
    </main>
  );
}
