'use client';
/**
 * "← Back to the team" on a team's not-found page. Client component:
 * not-found pages get no `params`, the hook has them.
 */
import Link from 'next/link';
import { useParams } from 'next/navigation';
import { teamHomePath } from '@/app/lib/teamHomePath';

export function BackToTeamLink() {
  const { teamId } = useParams<{ teamId: string }>();
  return <Link href={teamHomePath(teamId)}>← Back to the team</Link>;
}
