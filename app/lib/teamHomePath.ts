/**
 * Where a team opens (after signing in with one team, after creating or
 * joining a team, from the home page's team list, and at `/teams/[teamId]`):
 * the first of these sections. Put your app's main section first.
 */
const TEAM_HOME_SECTIONS = [
  // demo:begin
  'campaigns',
  // demo:end
  'members',
] as const;

/** `teamId` as a number or as it comes from the URL segment. */
export function teamHomePath(teamId: number | string): string {
  return `/teams/${teamId}/${TEAM_HOME_SECTIONS[0]}`;
}
