/**
 * A team's members: `/api/teams/:teamId/members[/:id]` (an id is a
 * membership's id).
 *
 * - `GET` list / one: any member; each row has the role and the user's id,
 *   name and email (the scope guard keeps non-members out, so emails are seen
 *   by team members only).
 * - `PATCH /:id {role}`: owners change a member's role.
 * - `DELETE /:id`: owners remove a member; anyone may remove themselves.
 * - `POST /leave`: the caller leaves the team.
 * - No create (`except`: a POST is a 405). People join through invitations (InvitationController).
 *
 * A team always keeps an owner (controllers/teamOwners.ts): demoting or
 * removing the last owner, or the last owner leaving, is a 422. Removing a
 * membership deletes that member's API keys for the team (a foreign key
 * cascade: see db/schema.ts), for good. Changes take a signed-in user, not an
 * API key.
 */
import { z } from 'zod';
import { Membership } from '@/db/models';
import { ROLES } from '@/db/schema';
import { action, apiDoc, before, Forbidden, scope, toValidationError, transaction } from '@/server';
import { crud } from './decorators';
import { TeamScopedController } from './TeamScopedController';
import { LAST_OWNER_MESSAGES, lockTeamMembers, requireAnotherOwner, requireOwnerNow } from './teamOwners';

const roleInput = z.enum(ROLES, 'must be owner or member');

@apiDoc({
  tag: 'Members',
  description: "A team's members and their roles. A team always keeps at least one owner.",
  actions: {
    index: { summary: 'List members', description: "Each with the user's id, name and email." },
    update: { summary: "Change a member's role (owners)", description: 'Demoting the last owner is a 422.' },
    destroy: {
      summary: 'Remove a member (owners), or yourself',
      description: "Removing the last owner is a 422. The member's API keys for the team are deleted.",
    },
  },
})
@scope('teamId')
// People join through invitations (POST /api/teams/:teamId/invitations): no create.
@crud(Membership, {
  except: ['create'],
  index: {
    sortable: ['createdAt', 'role'],
    defaultSort: { field: 'createdAt', dir: 'asc' },
    filterable: ['role'],
    include: ['user'],
    perPage: 50,
    maxPerPage: 100,
  },
  get: { include: ['user'] },
  update: { permit: ['role'] },
})
export class MemberController extends TeamScopedController<Membership> {
  @before({ only: ['update', 'destroy', 'leave'] })
  signedInOnly(): void {
    // A leaked key must not be able to reshape the team (or remove the owners).
    if (this.context.apiKey) throw new Forbidden('API keys cannot manage members; sign in');
  }

  /** Owners set `role`; demoting the last owner is a 422. */
  async update(): Promise<Membership> {
    const teamId = this.scopeParams.teamId;
    const parsed = roleInput.safeParse(this.params.data?.role);
    if (!parsed.success) throw toValidationError({ role: ['must be owner or member'] });
    const role = parsed.data;
    return transaction(async () => {
      await lockTeamMembers(teamId);
      await requireOwnerNow(teamId, this.currentUser.id);
      const member = await this.relation.includes('user').find(this.params.id as number);
      if (member.role === role) return member;
      if (member.role === 'owner') await requireAnotherOwner(teamId, member.id, LAST_OWNER_MESSAGES.demote);
      member.role = role;
      if (!(await member.save())) throw toValidationError(member.errors);
      return member;
    });
  }

  /** Owners remove anyone; a member may remove only themselves (leaving). */
  async destroy(): Promise<{ success: true }> {
    await this.removeMember(this.params.id as number);
    return { success: true };
  }

  /** The caller leaves the team (their API keys for it go too). */
  @action('POST', undefined, {
    output: z.object({ success: z.literal(true) }),
    summary: 'Leave the team',
    description: 'The last owner leaving is a 422: make another member an owner first.',
  })
  async leave(): Promise<{ success: true }> {
    const mine = await this.relation.findBy({ userId: this.currentUser.id });
    if (!mine) throw new Forbidden('You are not a member of this team');
    await this.removeMember(mine.id);
    return { success: true };
  }

  private async removeMember(id: number): Promise<void> {
    const teamId = this.scopeParams.teamId;
    await transaction(async () => {
      await lockTeamMembers(teamId);
      const member = await this.relation.find(id);
      const leaving = member.userId === this.currentUser.id;
      if (!leaving) await requireOwnerNow(teamId, this.currentUser.id);
      if (member.role === 'owner') {
        await requireAnotherOwner(teamId, member.id, leaving ? LAST_OWNER_MESSAGES.leave : LAST_OWNER_MESSAGES.remove);
      }
      // Deletes the member's API keys for this team too (api_keys_membership_fkey cascades).
      await this.relation.where({ id: member.id }).deleteAll();
    });
  }
}
