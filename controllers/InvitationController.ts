/**
 * A team's invitations: `/api/teams/:teamId/invitations[/:id]`, owners only.
 *
 * - `POST {email, role}`: creates a single-use link valid for 7 days
 *   (INVITATION_LIFETIME_MS in db/models/Invitation.ts), queues the mail
 *   (backend/mail/templates/invitation.ts) in the same transaction, and
 *   answers the link once as `link` (the owner can pass it on by hand).
 *   Only the token's SHA-256 is stored. A new
 *   invitation replaces the team's pending ones for the same email.
 * - `GET`: the pending invitations (`scopes=accepted` / `expired` for the others).
 * - `PATCH /:id {role}`: change the role a pending invitation grants.
 * - `DELETE /:id`: revoke a pending invitation (its link stops working).
 *
 * Accepting is not team-scoped (the invitee is not a member yet):
 * controllers/InvitationAcceptanceController.ts.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { limitInvitationCreation } from '@/backend/invitationRateLimit';
import { enqueueMail } from '@/backend/mail/enqueueMail';
import { mailLink } from '@/backend/mail/mailLink';
import { invitationMail } from '@/backend/mail/templates/invitation';
import { Invitation, type InvitationStatus, Membership, Team, User } from '@/db/models';
import { invitations, type Role } from '@/db/schema';
import { AppError, apiDoc, before, db, Forbidden, scope, toValidationError, transaction } from '@/server';
import { crud } from './decorators';
import { TeamScopedController } from './TeamScopedController';
import { holdTeamMembers, requireOwnerNow } from './teamOwners';

/** The create response: the record's JSON (all of it; the fields pages read are typed here) plus the link, this once. */
export interface CreatedInvitation {
  id: number;
  email: string;
  role: Role;
  link: string;
}

@apiDoc({
  tag: 'Invitations',
  description: "A team's invitations (owners). Create answers the invite `link` once.",
  actions: {
    index: { summary: 'List pending invitations', description: '`scopes=accepted` or `expired` for the others.' },
    create: {
      summary: 'Invite someone by email',
      description: 'Answers the record plus `link` (once); the link is also mailed. Valid 7 days, single use.',
    },
    update: { summary: 'Change the role of a pending invitation' },
    destroy: { summary: 'Revoke a pending invitation' },
  },
})
@scope('teamId')
@crud(Invitation, {
  index: {
    scopes: ['pending', 'accepted', 'expired'],
    defaultScopes: ['pending'],
    sortable: ['createdAt', 'email', 'expiresAt'],
    defaultSort: { field: 'createdAt', dir: 'desc' },
    include: ['invitedBy'],
    perPage: 50,
    maxPerPage: 100,
  },
  get: { include: ['invitedBy'] },
  create: {
    permit: ['email', 'role'],
    autoSet: { invitedById: (context) => context.user?.id ?? null },
  },
  update: { permit: ['role'] },
})
export class InvitationController extends TeamScopedController<Invitation> {
  @before()
  ownersOnly(): void {
    this.requireOwner();
    if (this.context.apiKey) throw new Forbidden('API keys cannot manage invitations; sign in');
  }

  /** Each invitation mails a link: limits per team, inviter and address (backend/invitationRateLimit.ts). */
  @before({ only: ['create'] })
  async limitMails(): Promise<void> {
    await limitInvitationCreation(this.scopeParams.teamId, this.currentUser.id, this.params.data?.email);
  }

  @before({ only: ['update', 'destroy'] })
  pendingOnly(): void {
    const status = this.record?.status;
    if (status && status !== 'pending') throw notPending(status);
  }

  async create(): Promise<CreatedInvitation> {
    const teamId = this.scopeParams.teamId;
    const data = this.params.data ?? {};
    const { invitation, link } = await transaction(async () => {
      // An invitation grants a role: only an owner may send one, still an owner once a demotion in progress commits.
      await this.ownerNow();
      const email = typeof data.email === 'string' ? User.normalizeEmail(data.email) : data.email;
      if (typeof email === 'string') {
        // Invitations of one address to one team queue here until the previous one commits: unlocked,
        // each concurrent create deleted only the pending rows committed before it, and several links stayed live.
        await lockInvitationsOf(teamId, email);
        if (await this.isMember(teamId, email)) {
          throw toValidationError({ email: ['is already a member of this team'] });
        }
      }
      const created = await this.relation.create({
        email: email as string,
        role: data.role as Invitation['role'] | undefined,
        invitedById: this.currentUser.id,
      });
      if (!created.isPersisted) throw toValidationError(created.errors);
      // One live link per address: an older pending invitation stops working.
      await this.relation
        .scope('pending')
        .where({ email: created.email })
        .where(ne(invitations.id, created.id))
        .deleteAll();
      const token = created.token;
      if (!token) throw new AppError('INTERNAL_SERVER_ERROR', 'Invitation token missing');
      const url = mailLink(`/invitations/${token}`, { context: this.context });
      // Queued by this transaction: no invitation, no mail.
      await this.mailInvitation(created, url);
      return { invitation: created, link: url };
    });
    return { ...invitation.toJSON(), id: invitation.id, email: invitation.email, role: invitation.role, link };
  }

  /**
   * The role a pending invitation grants, changed under the row lock accept takes. pendingOnly read the
   * row before an accept in progress committed: the write then waited for it and answered 200 with the
   * new role, while the invitee had joined with the old one (an owner told "member" of a new owner).
   */
  async update(): Promise<Invitation> {
    const id = this.params.id as number;
    return transaction(async () => {
      await this.ownerNow();
      await db()
        .select({ id: invitations.id })
        .from(invitations)
        .where(and(eq(invitations.id, id), eq(invitations.teamId, this.scopeParams.teamId)))
        .for('update');
      const invitation = await this.relation.find(id);
      if (invitation.status !== 'pending') throw notPending(invitation.status);
      const role = this.params.data?.role;
      if (role === undefined) return invitation;
      invitation.role = role as Role;
      if (!(await invitation.save())) throw toValidationError(invitation.errors);
      return invitation;
    });
  }

  /**
   * Revoke: deletes the invitation only while it is still pending, in the DELETE itself. pendingOnly read
   * the row before an accept in progress committed; the DELETE then waited on accept's row lock and
   * removed the accepted invitation, answering 200 "revoked" for a person who had joined. By a current
   * owner only, as create and update: an owner demoted while revoking gets 403.
   */
  async destroy(): Promise<{ success: true }> {
    const id = this.params.id as number;
    return transaction(async () => {
      await this.ownerNow();
      const revoked = await this.relation.scope('pending').where({ id }).deleteAll();
      if (revoked === 0) throw notPending((await this.relation.find(id)).status);
      return { success: true as const };
    });
  }

  /** 403 unless the caller still owns the team, with demotions held off until commit (controllers/teamOwners.ts). */
  private async ownerNow(): Promise<void> {
    await holdTeamMembers(this.scopeParams.teamId);
    await requireOwnerNow(this.scopeParams.teamId, this.currentUser.id);
  }

  private async isMember(teamId: number, email: string): Promise<boolean> {
    const user = await User.findBy({ email });
    return user ? Membership.where({ teamId, userId: user.id }).exists() : false;
  }

  private async mailInvitation(invitation: Invitation, link: string): Promise<void> {
    const team = await Team.find(invitation.teamId);
    await enqueueMail(
      invitation.email,
      invitationMail({
        inviterName: this.currentUser.name,
        teamName: team.name,
        role: invitation.role,
        link,
        expiresAt: invitation.expiresAt,
      }),
      // Checked when the job runs: revoked, declined, accepted or expired by then, the mail is not sent.
      { invitationId: invitation.id },
    );
  }
}

/** Serialises invitations of `email` to the team until the current transaction ends (call inside `transaction()`). */
async function lockInvitationsOf(teamId: number, email: string): Promise<void> {
  await db().execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invitation:${teamId}:${email}`}, 0))`);
}

/** The 422 of a change to an invitation that is no longer pending. */
function notPending(status: InvitationStatus): AppError {
  return toValidationError({ base: [`This invitation has ${status === 'accepted' ? 'been accepted' : 'expired'}`] });
}
