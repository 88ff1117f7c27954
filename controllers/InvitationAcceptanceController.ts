/**
 * Using an invitation link: `/api/invitations/...`, not nested under a team
 * (the invitee is not a member yet): the guard only asks for a signed-in
 * caller (the lookup not even that, `@allowAnonymous`), and the checks are
 * here. The token is the only input; the team comes from the invitation,
 * so no id in a request can point it at another team.
 *
 * - `POST /api/invitations/lookup {token}`: what the invitation page shows
 *   (team name, invited email, role, status); anyone holding the link. Unknown
 *   token: 404. Limited per client address (429 with Retry-After).
 * - `POST /api/invitations/accept {token}`: signed in (401), as the invited
 *   email (case-insensitive; else 403), pending (used or expired: 422). Creates
 *   the membership with the invited role and marks the invitation used, in one
 *   transaction with the invitation row locked, so a link works once even
 *   under concurrent requests. Already a member: 409, and the invitation stays
 *   pending (an owner may revoke it).
 * - `POST /api/invitations/decline {token}`: the same checks as accept (signed
 *   in, as the invited email, pending); deletes the invitation, as an owner's
 *   revoke does, so its link stops working and the owners' pending list drops
 *   it. Answers the team's name, for the page to say what was declined.
 *
 * None of the refusals says anything about other invitations or teams: a
 * token is found by its hash or not at all. POST for the lookup too, so tokens
 * stay out of query strings and access logs.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { type AppContext, type CurrentUser, signedInUser } from '@/backend/context';
import { limitInvitationAttempts, limitInvitationLookups } from '@/backend/invitationRateLimit';
import {
  ALREADY_A_MEMBER,
  hashInvitationToken,
  INVITATION_STATUSES,
  Invitation,
  type InvitationStatus,
  Membership,
  User,
} from '@/db/models';
import { invitations, type Role, teams } from '@/db/schema';
import {
  ActiveController,
  AppError,
  action,
  allowAnonymous,
  apiDoc,
  before,
  controller,
  db,
  Forbidden,
  NotFound,
  toValidationError,
  transaction,
} from '@/server';

const tokenInput = z.object({ token: z.string().min(1, "can't be blank").max(200, 'is not a valid token') });
type TokenInput = z.infer<typeof tokenInput>;

const lookupOutput = z.object({
  teamName: z.string(),
  email: z.string(),
  role: z.enum(['owner', 'member']),
  status: z.enum(INVITATION_STATUSES),
  expiresAt: z.string(),
});
const acceptOutput = z.object({ teamId: z.number().int(), teamName: z.string(), role: z.enum(['owner', 'member']) });
const declineOutput = z.object({ teamName: z.string() });

export interface InvitationLookup {
  teamName: string;
  email: string;
  role: Role;
  status: InvitationStatus;
  expiresAt: Date;
}

export interface AcceptedInvitation {
  teamId: number;
  teamName: string;
  role: Role;
}

const NOT_FOUND = 'Invitation';

@apiDoc({ tag: 'Invitations', description: 'Looking up and accepting an invitation link (by its token).' })
// The invitation page shows whom a link is for before its invitee has an account.
@allowAnonymous({ only: ['lookup'] })
@controller('/invitations')
export class InvitationAcceptanceController extends ActiveController<AppContext> {
  /** Accepting and declining (both try a token) are rate limited per caller address (backend/invitationRateLimit.ts). */
  @before({ only: ['accept', 'decline'] })
  async rateLimited(): Promise<void> {
    await limitInvitationAttempts(this.context);
  }

  /** Lookups are anonymous: limited per caller address too, with a count of their own (backend/invitationRateLimit.ts). */
  @before({ only: ['lookup'] })
  async lookupsLimited(): Promise<void> {
    await limitInvitationLookups(this.context);
  }

  @action('POST', undefined, {
    input: tokenInput,
    output: lookupOutput,
    summary: 'Look up an invitation by its token',
    description: 'Unknown token: 404. Limited per client address: 429 with Retry-After.',
    errorStatuses: [429],
  })
  async lookup(input: TokenInput): Promise<InvitationLookup> {
    const { invitation, teamName } = await invitationByToken(input.token);
    return {
      teamName,
      email: invitation.email,
      role: invitation.role,
      status: invitation.status,
      expiresAt: invitation.expiresAt,
    };
  }

  @action('POST', undefined, {
    input: tokenInput,
    output: acceptOutput,
    summary: 'Accept an invitation',
    description:
      'Signed in as the invited email. Used or expired: 422; another email: 403; already a member: 409 (the invitation stays pending).',
    errorStatuses: [403, 409, 422],
  })
  async accept(input: TokenInput): Promise<AcceptedInvitation> {
    const user = this.invitee();
    return transaction(async () => {
      const { invitation, teamName } = await pendingInvitationFor(
        user,
        input.token,
        'This invitation has expired: ask for a new one',
      );
      if (await Membership.where({ teamId: invitation.teamId, userId: user.id }).exists()) throw alreadyMember();
      const membership = await Membership.create({ teamId: invitation.teamId, userId: user.id, role: invitation.role });
      // Another accept for this person and team committed after the check above (memberships_team_id_user_id_key).
      if (membership.errors.userId?.includes(ALREADY_A_MEMBER)) throw alreadyMember();
      if (!membership.isPersisted) throw toValidationError(membership.errors);
      await Invitation.where({ id: invitation.id }).updateAll({
        acceptedAt: new Date(),
        acceptedById: user.id,
        updatedAt: new Date(),
      });
      return { teamId: invitation.teamId, teamName, role: invitation.role };
    });
  }

  @action('POST', undefined, {
    input: tokenInput,
    output: declineOutput,
    summary: 'Decline an invitation',
    description:
      'Signed in as the invited email. Deletes the invitation, so its link stops working. Used or expired: 422; another email: 403.',
    errorStatuses: [403, 422],
  })
  async decline(input: TokenInput): Promise<{ teamName: string }> {
    const user = this.invitee();
    return transaction(async () => {
      const { invitation, teamName } = await pendingInvitationFor(
        user,
        input.token,
        'This invitation has expired: there is nothing to decline',
      );
      await Invitation.where({ id: invitation.id }).deleteAll();
      return { teamName };
    });
  }

  private invitee(): CurrentUser {
    const user = signedInUser(this.context);
    // A key acts within its own team; joining another team takes the person, signed in.
    if (this.context.apiKey) throw new Forbidden('API keys cannot accept or decline invitations; sign in');
    return user;
  }
}

/** The 409 of an invitee who is in the team already; their invitation stays pending. */
function alreadyMember(): AppError {
  return new AppError('CONFLICT', 'You are already a member of this team');
}

/** The invitation a token names, with its team's name; 404 for an unknown token. `lock`: FOR UPDATE of the invitation. */
async function invitationByToken(
  token: string,
  { lock = false } = {},
): Promise<{ invitation: Invitation; teamName: string }> {
  const query = db()
    .select({ invitation: invitations, teamName: teams.name })
    .from(invitations)
    .innerJoin(teams, eq(teams.id, invitations.teamId))
    .where(eq(invitations.tokenHash, hashInvitationToken(token)))
    .limit(1);
  const [row] = await (lock ? query.for('update', { of: invitations }) : query);
  if (!row) throw new NotFound(NOT_FOUND);
  return { invitation: Invitation.instantiate(row.invitation), teamName: row.teamName };
}

/**
 * The invitation `token` names, still pending and sent to `user`'s email, for them to accept or decline.
 * Locked until commit: a concurrent accept or decline of the same link waits, then finds it used or gone.
 * Another email: 403; used, or expired (`expired` says what to do): 422.
 */
async function pendingInvitationFor(
  user: CurrentUser,
  token: string,
  expired: string,
): Promise<{ invitation: Invitation; teamName: string }> {
  const found = await invitationByToken(token, { lock: true });
  if (User.normalizeEmail(user.email) !== found.invitation.email) {
    throw new Forbidden('This invitation was sent to another email address: sign in with that address');
  }
  if (found.invitation.status === 'accepted') throw unusable('This invitation has already been used');
  if (found.invitation.status === 'expired') throw unusable(expired);
  return found;
}

function unusable(message: string): AppError {
  return toValidationError({ base: [message] }, message);
}
