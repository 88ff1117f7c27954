/**
 * Teams: `/api/teams[/:id]`, not nested under a team (no `@scope`): the
 * guard answers 401 without a user, and the hooks below keep every other
 * team out of reach.
 *
 * - `POST /api/teams {name}`: any signed-in user; creates the team and makes
 *   the caller its owner, in one transaction.
 * - `GET /api/teams`, `GET /api/teams/:id`: the caller's teams only (another
 *   team is a 404, as on every team route).
 * - `PATCH /api/teams/:id {name}`: owners rename.
 * - `DELETE /api/teams/:id`: not offered yet (`except`, a 405): a team's records
 *   can carry attachments whose cleanup must run first; add it here when you need it.
 *
 * API keys may read their team but never create or change teams: that takes a
 * signed-in user. Creating is rate limited per user (`RATE_LIMIT_TEAM_CREATE`). Members join through invitations (InvitationController).
 */

import { type AppContext, signedInUser } from '@/backend/context';
import { rateLimit } from '@/backend/rateLimit';
import { Membership, Team } from '@/db/models';
import { ActiveController, apiDoc, before, Forbidden, NotFound, toValidationError, transaction } from '@/server';
import { crud } from './decorators';

@apiDoc({
  tag: 'Teams',
  description: "The caller's teams. Creating one makes the caller its owner.",
  actions: {
    index: { summary: "List the caller's teams" },
    get: { summary: 'A team of the caller', description: 'A team the caller is not a member of is a 404.' },
    create: { summary: 'Create a team', description: 'Any signed-in user; the caller becomes its owner.' },
    update: { summary: 'Rename a team (owners)' },
  },
})
@crud(Team, {
  except: ['destroy'],
  index: {
    sortable: ['name', 'createdAt'],
    defaultSort: { field: 'createdAt', dir: 'desc' },
    perPage: 50,
    maxPerPage: 100,
  },
  create: { permit: ['name'] },
  update: { permit: ['name'] },
})
export class TeamController extends ActiveController<AppContext, Team> {
  /** Only the caller's teams are reachable (404 for any other id). */
  @before()
  ownTeamsOnly(): void {
    const teamIds = this.context.memberships.map((membership) => membership.teamId);
    this.relation = this.relation.where({ id: teamIds });
    // Record actions loaded their record before hooks run: check it is one of the caller's teams.
    if (this.record && !teamIds.includes(this.record.id)) throw new NotFound('Team');
  }

  /** Creating and renaming teams takes a signed-in user, never an API key. */
  @before({ only: ['create', 'update'] })
  noApiKeys(): void {
    if (this.context.apiKey) throw new Forbidden('API keys cannot manage teams; sign in');
  }

  /** Each team is rows and a membership: one account (or a stolen session) cannot make them at speed. */
  @before({ only: ['create'] })
  async limitCreation(): Promise<void> {
    await rateLimit('teamCreate', `user:${signedInUser(this.context).id}`);
  }

  @before({ only: ['update'] })
  ownersOnly(): void {
    const membership = this.context.memberships.find((m) => m.teamId === this.record?.id);
    if (membership?.role !== 'owner') throw new Forbidden('Only team owners can do this');
  }

  /** The team and the caller's `owner` membership, both or neither. */
  async create(): Promise<Team> {
    const user = signedInUser(this.context);
    return transaction(async () => {
      const team = await Team.create({ name: this.params.data?.name as string });
      if (!team.isPersisted) throw toValidationError(team.errors);
      const membership = await Membership.create({ teamId: team.id, userId: user.id, role: 'owner' });
      if (!membership.isPersisted) throw toValidationError(membership.errors);
      return team;
    });
  }
}
