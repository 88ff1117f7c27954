/**
 * Base class of the controllers nested under `/teams/:teamId`: typed access
 * to the caller and their role in the team of the URL, and the role checks
 * used by `@before` hooks. (The teams resource itself is TeamController.)
 *
 *   @before({ only: ['destroy'] })
 *   ownersOnly(): void { this.requireOwner(); }
 *
 * The hook names its actions with `only`, so a typo fails at boot instead of
 * leaving an action unprotected. Add roles (e.g. `admin`) in db/schema.ts and
 * a `requireAdmin()` here.
 */

import { type AppContext, type CurrentUser, membershipOf, signedInUser, type TeamMembership } from '@/backend/context';
import { ActiveController, Forbidden, type ModelBase } from '@/server';

export abstract class TeamScopedController<R extends ModelBase = never> extends ActiveController<
  AppContext,
  R,
  'teamId'
> {
  /** The caller (the scope guard has already answered 401 when there is none). */
  protected get currentUser(): CurrentUser {
    return signedInUser(this.context);
  }

  /** The caller's membership of the URL's team. */
  protected get membership(): TeamMembership {
    const membership = membershipOf(this.context, this.scopeParams.teamId);
    if (!membership) throw new Forbidden('You are not a member of this team');
    return membership;
  }

  /** 403 unless the caller owns the URL's team. */
  protected requireOwner(): void {
    if (this.membership.role !== 'owner') throw new Forbidden('Only team owners can do this');
  }
}
