/**
 * Spec helpers for the demo: sign in through the API (the cookie lands in
 * the page's browser context, so the page is signed in too), find a team's
 * id, check where a team opens, create the rows a test needs, keep screenshots.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { teamHomePath } from '../../app/lib/teamHomePath';

export const ALICE = 'alice@example.com';
export const BOB = 'bob@example.com';
export const CAROL = 'carol@example.com';

interface SessionBody {
  user: { id: number; name: string };
  teams: { id: number; name: string; role: string }[];
}

/** Signs `request` (a page's `page.request`, or the `request` fixture) in; returns the session body. */
export async function signInAs(request: APIRequestContext, email: string): Promise<SessionBody> {
  const response = await request.post('/api/session', { data: { email } });
  expect(response.status(), `sign in as ${email}`).toBe(200);
  return (await response.json()) as SessionBody;
}

/** The id of a seeded team, from `GET /api/session` as Alice (Acme) or Carol (Globex). */
export async function teamId(request: APIRequestContext, name: 'Acme' | 'Globex'): Promise<number> {
  const session = await signInAs(request, name === 'Acme' ? ALICE : CAROL);
  const team = session.teams.find((candidate) => candidate.name === name);
  if (!team) throw new Error(`seeded team ${name} not found`);
  return team.id;
}

let counter = 0;
/** A name no other test (or earlier run on the same database) uses. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}${counter}`;
}

/**
 * `page` is on a team's home section (app/lib/teamHomePath.ts), of `team`
 * when given: its URL, its tab current in the team's navigation, and the
 * tab's name as the page heading. Returns the team's id.
 */
export async function expectTeamHome(page: Page, team?: number): Promise<number> {
  const idIn = (url: URL) => /^\/teams\/(\d+)\//.exec(url.pathname)?.[1];
  await expect(page).toHaveURL((url) => {
    const id = idIn(url);
    return id !== undefined && (team === undefined || id === String(team)) && url.pathname === teamHomePath(id);
  });
  const id = Number(idIn(new URL(page.url())));
  const current = page.getByRole('navigation', { name: 'Team' }).locator('[aria-current="page"]');
  await expect(current).toHaveAttribute('href', teamHomePath(id));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText((await current.textContent()) ?? '');
  return id;
}

// demo:begin
export interface CampaignJson {
  id: number;
  name: string;
  status: string;
  budget: number | null;
}

/** Creates a campaign through the REST API as whoever `request` is signed in as. */
export async function createCampaign(
  request: APIRequestContext,
  team: number,
  data: { name: string; budget?: number | null; status?: string },
): Promise<CampaignJson> {
  const response = await request.post(`/api/teams/${team}/campaigns`, { data: { data } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CampaignJson;
}
// demo:end

/** The role `email` has in a team, as `request`'s user sees the members list (undefined: not a member). */
export async function memberRoleOf(
  request: APIRequestContext,
  teamId: number,
  email: string,
): Promise<string | undefined> {
  const response = await request.get(`/api/teams/${teamId}/members`);
  const body = (await response.json()) as { data: { role: string; user: { email: string } }[] };
  return body.data.find((member) => member.user.email === email)?.role;
}

/** Full-page screenshot kept as a test artefact: test-results/screenshots/<name>.png (the path is returned). */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = path.join('test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
