/**
 * `/invitations/[token]`: the page an invitation link opens. Shows the team
 * and, for the invited user signed in, Accept and Decline; otherwise asks to sign in or
 * sign up first and come back here (`next`). A used, expired or unknown link
 * says so; the API refuses them anyway.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { AcceptInvitation } from '@/app/components/members/AcceptInvitation';
import { getCurrentSession } from '@/app/lib/getCurrentSession';
import { isClientError } from '@/controllers/browser';
import { InvitationAcceptanceController } from '@/controllers/serverComponents';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Invitation', referrer: 'no-referrer' };

async function lookup(token: string) {
  try {
    return await InvitationAcceptanceController.with().mutateLookup({ token });
  } catch (error) {
    if (isClientError(error) && (error.code === 'NOT_FOUND' || error.code === 'BAD_REQUEST')) return null;
    throw error;
  }
}

export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [invitation, session] = await Promise.all([lookup(token), getCurrentSession()]);
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
