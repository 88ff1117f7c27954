// demo:file (npm run demo:remove deletes this file)
/**
 * The team's settings, one row per team: `/api/teams/:teamId/team-settings`.
 * GET answers the row or null; POST finds or creates it with the defaults
 * (race-safe: unique team_id); PATCH (owners only) changes it.
 */
import { DEFAULT_TEAM_SETTINGS, TeamSetting } from '@/db/models';
import { apiDoc, before, scope } from '@/server';
import { singleton } from './decorators';
import { TeamScopedController } from './TeamScopedController';

@apiDoc({ tag: 'Team settings', description: 'One settings row per team.' })
@scope('teamId')
@singleton(TeamSetting, {
  // Applied within the relation, which is already limited to the URL's team.
  findBy: (_context, params) => ({ teamId: params.teamId }),
  findOrCreate: true,
  defaultValues: { ...DEFAULT_TEAM_SETTINGS },
  update: { permit: ['timezone', 'weeklyDigest', 'brandColor'] },
})
export class TeamSettingsController extends TeamScopedController<TeamSetting> {
  @before({ only: ['update'] })
  ownersOnly(): void {
    this.requireOwner();
  }
}
