/**
 * A user's place in a team, with a role: `owner` (everything) or `member`
 * (no managing members, invitations or API keys; the demo adds its own owner-only actions). The
 * controllers read roles from the request context (backend/context.ts);
 * add roles to ROLES in db/schema.ts and the checks in controllers/TeamScopedController.ts.
 */
import { z } from 'zod';
import { belongsTo, Model } from '@/server';
import { memberships, ROLES } from '../schema';
import { models } from './registry';

/** The error on `userId` when the person is in the team already (a second membership is refused by the unique key). */
export const ALREADY_A_MEMBER = 'is already a member of this team';

export class Membership extends Model(memberships, {
  name: 'Membership',
  validations: { role: z.enum(ROLES, 'must be owner or member').optional() },
  constraintErrors: {
    memberships_team_id_user_id_key: { field: 'userId', message: ALREADY_A_MEMBER },
  },
}) {
  static associations = () => ({
    team: belongsTo(() => models.Team, { columns: ['id', 'name'] }),
    user: belongsTo(() => models.User, { columns: ['id', 'name', 'email'] }),
  });
}
