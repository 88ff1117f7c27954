'use client';
/**
 * The team's members. Owners see a role select with its Save button
 * (MemberRoleControl) and a Remove button on each other row; a saved role is
 * announced in the section's status region. Everyone sees Leave on their
 * own row. Remove and Leave ask first
 * (ConfirmButton); a removal says so, with focus on the heading, as the row
 * it was in is gone. Leaving goes to the home page (this one is no longer
 * yours), which says so the same way (noticeForNextPage.ts). The API enforces
 * the same rules (403 for members, 422 for the last owner), shown here when
 * they hit. A page left open can be out of date: a 403 (made a member
 * elsewhere) refreshes it so the owner controls go, and says so; a Leave
 * answered 404 (removed elsewhere) goes home saying they are no longer in the team.
 */
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { isClientError, MemberController } from '@/controllers/browser';
import { isolateText } from '@/server/client';
import { ConfirmButton } from '../ConfirmButton';
import { DataTable } from '../DataTable';
import { ErrorMessage } from '../ErrorMessage';
import { goHomeWithNotice } from '../goHomeWithNotice';
import { noticeForNextPage } from '../noticeForNextPage';
import { useRefreshOnForbidden } from '../useRefreshOnForbidden';
import { useRemovalNotice } from '../useRemovalNotice';
import { type MemberRole, MemberRoleControl } from './MemberRoleControl';

interface MemberUser {
  id: number;
  name: string;
  email: string;
}

interface Props {
  teamId: number;
  teamName: string;
  userId: number;
  isOwner: boolean;
}

export function MembersTable({ teamId, teamName, userId, isOwner }: Props) {
  const router = useRouter();
  const members = MemberController.use({ teamId });
  const list = members.index({ perPage: 100 });
  const refreshOnForbidden = useRefreshOnForbidden();
  const changeRole = members.update({ onError: refreshOnForbidden });
  const remove = members.destroy({ onError: refreshOnForbidden });
  const removal = useRemovalNotice<HTMLHeadingElement>();
  const [roleNotice, setRoleNotice] = useState('');
  const leave = members.mutateLeave({
    onSuccess: () => {
      noticeForNextPage(`You left ${isolateText(teamName)}.`);
      router.push('/');
      router.refresh();
    },
    onError: (error) => {
      // The team answers 404 only to someone not in it: removed while this page was open.
      if (isClientError(error) && error.code === 'NOT_FOUND') {
        goHomeWithNotice(router, `You are no longer a member of ${isolateText(teamName)}.`);
      }
    },
  });
  // An owner no more (the refresh after a 403, this section's or the invite form's):
  // the controls went, so say why, here, as the sections that were refused may be gone.
  const wasOwner = useRef(isOwner);
  useEffect(() => {
    if (wasOwner.current && !isOwner) setRoleNotice(`You are no longer an owner of ${isolateText(teamName)}.`);
    wasOwner.current = isOwner;
  }, [isOwner, teamName]);

  return (
    <section aria-labelledby="members-heading" className="stack">
      <h2 id="members-heading" ref={removal.target} tabIndex={-1}>
        Members
      </h2>
      <ErrorMessage error={list.error ?? changeRole.error ?? remove.error ?? leave.error} />
      <p role="status" className="notice">
        {removal.message || roleNotice}
      </p>
      <DataTable label="Members" columns={['Name', 'Email', 'Role']}>
        {list.data?.data.map((member) => {
          // The include's type is generic JSON; its columns are declared in db/models/Membership.ts.
          const user = member.user as unknown as MemberUser;
          const isMe = member.userId === userId;
          return (
            <tr key={member.id} data-testid="member-row">
              {/* Names are user text, bidi controls included: isolated, an override in one cannot reverse " (you)". */}
              <td>
                <bdi>{user.name}</bdi>
                {isMe ? ' (you)' : ''}
              </td>
              <td>{user.email}</td>
              <td>
                {isOwner && !isMe ? (
                  <MemberRoleControl
                    name={user.name}
                    role={member.role as MemberRole}
                    saving={changeRole.isPending}
                    onSave={(role) => {
                      removal.clear();
                      setRoleNotice('');
                      changeRole.mutate(
                        { id: member.id, data: { role } },
                        {
                          onSuccess: () =>
                            setRoleNotice(
                              `${isolateText(user.name)} is now ${role === 'owner' ? 'an owner' : 'a member'}.`,
                            ),
                        },
                      );
                    }}
                  />
                ) : (
                  <span className="badge">{member.role}</span>
                )}
              </td>
              <td>
                {isMe ? (
                  <ConfirmButton
                    question="Leave this team? You lose access to it until someone invites you again."
                    confirmLabel="Yes, leave"
                    cancelLabel="Stay"
                    disabled={leave.isPending}
                    onConfirm={() => {
                      // Its error must not sit beside an earlier action's notice or error ("Removed Frank.").
                      removal.clear();
                      setRoleNotice('');
                      changeRole.reset();
                      remove.reset();
                      leave.mutate();
                    }}
                  >
                    Leave team
                  </ConfirmButton>
                ) : (
                  isOwner && (
                    <ConfirmButton
                      question={
                        <>
                          Remove <bdi>{user.name}</bdi> from the team?
                        </>
                      }
                      confirmLabel={
                        <>
                          Yes, remove <span className="visually-hidden">{isolateText(user.name)}</span>
                        </>
                      }
                      cancelLabel={
                        <>
                          Keep <span className="visually-hidden">{isolateText(user.name)}</span>
                        </>
                      }
                      disabled={remove.isPending}
                      onConfirm={() => {
                        removal.clear();
                        setRoleNotice('');
                        remove.mutate(member.id, {
                          onSuccess: () => removal.announce(`Removed ${isolateText(user.name)}.`),
                        });
                      }}
                    >
                      Remove <span className="visually-hidden">{isolateText(user.name)}</span>
                    </ConfirmButton>
                  )
                )}
              </td>
            </tr>
          );
        })}
      </DataTable>
    </section>
  );
}
