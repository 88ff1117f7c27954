/**
 * Deleting an account while others change the same team, on this file's
 * PostgreSQL: the deletion (the real POST /api/auth/delete-user) starts
 * together with an owner re-sending an invitation (which replaces the pending
 * one to that address), a role change or a member removal, or an invitee
 * accepting, round after round. backend/auth/accountDeletion.ts locks the
 * team's row and then its invitations, the order those writers take them in;
 * taken the other way round, a re-sent invitation and the deletion each hold
 * what the other waits for, and PostgreSQL ends one of them (40P01) with a 500.
 *
 * The writers' locks must fall among the deletion's, which come only after
 * its password check (scrypt, a few hundred milliseconds on a busy machine):
 * started at the very same instant, the writers would always be done first.
 * So in two rounds of three another change of the team holds its row
 * (`holdTeam`) until every request waits on it, then lets go, and PostgreSQL
 * hands the row on in its queue order: the deletion last (every request
 * started together) or first (the writers started once it waits). Taken in
 * the wrong order, the deletion's locks deadlock with a re-send in the first
 * kind; without its invitations locked, a deletion counts the members before
 * an accept commits and deletes the team the invitee was just told they
 * joined, in the second. In the third kind nothing is held and the writers
 * start a varying few hundred milliseconds after the deletion (`stagger`).
 *
 * Each round checks that every answer is one the docs promise (the deletion
 * 200 or the sole-owner 422, the others their success or a clear 4xx), never
 * a 500, and that the database agrees with the answers: the user row is gone
 * exactly when the deletion said so, a team with members keeps an owner, a
 * deleted team leaves no invitation, and an accepted invitation's team exists.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, api, signIn } from '@/controllers/testClient';
import { closeDb, db } from '@/db/database';
import { Invitation, Membership, User } from '@/db/models';
import { INVITATION_LIFETIME_MS } from '@/db/models/Invitation';
import { invitations, memberships, teams } from '@/db/schema';
import { withRuleForAll } from '../rateLimit/testing/withRule';
import { teamWith, userExists } from './testing/accountFixtures';
import { holdTeam, queued } from './testing/heldTeamRow';
import { post, signUp } from './testing/hostileAuthRequests';

const PASSWORD = 'correct horse';
/** Rounds per race, a third of each kind (`race`). */
const ROUNDS = 15;
const RACE_TIMEOUT_MS = 120_000;

type ErrorBody = { error?: { code: string; message: string; fields?: Record<string, string[]> } };
type Answer = { status: number; body: ErrorBody };

let counter = 0;
/** Colleagues who stay across rounds; only the deleting user is new each time. */
let olive: { id: number; cookie: string };
let max: { id: number };
let ivy: { id: number; email: string; cookie: string };

/** Ivy is invited again every round, more often than RATE_LIMIT_INVITATION_ADDRESS allows. */
withRuleForAll('invitationAddress', null);
afterAll(closeDb);

beforeAll(async () => {
  const stamp = Date.now();
  const oliveUser = await User.create({ email: `olive-${stamp}@example.com`, name: 'Olive' });
  const maxUser = await User.create({ email: `max-${stamp}@example.com`, name: 'Max' });
  const ivyUser = await User.create({ email: `ivy-${stamp}@example.com`, name: 'Ivy' });
  olive = { id: oliveUser.id, cookie: await signIn(oliveUser.email) };
  max = { id: maxUser.id };
  ivy = { id: ivyUser.id, email: ivyUser.email, cookie: await signIn(ivyUser.email) };
});

/** The account that deletes itself: a password (it gives it to delete-user) and a session. */
async function deletingUser(): Promise<{ id: number; cookie: string }> {
  counter += 1;
  return signUp('Dee', `dee-${Date.now()}-${counter}@example.com`, PASSWORD);
}

/** A pending invitation to `email`, as if sent earlier by `invitedById` (the race re-sends it). */
async function pendingInvitation(teamId: number, email: string, invitedById: number): Promise<void> {
  await Invitation.create({
    teamId,
    email,
    role: 'member',
    invitedById,
    expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
  });
}

async function membershipOf(teamId: number, userId: number): Promise<number> {
  return ((await Membership.findBy({ teamId, userId })) as Membership).id;
}

/**
 * When the writers start, after the deletion. It checks the password (scrypt, a few hundred milliseconds on
 * a busy machine) before it takes its locks, so started at the very same instant the writers would always
 * be done first. They start instead shortly before the previous deletion answered, a different lead each
 * round.
 */
let lastDeletionMs = 0;
function stagger(round: number): Promise<void> {
  const lead = (round * 29) % 240;
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, lastDeletionMs - lead)));
}

/**
 * One round: the deletion and the writers. A third of the rounds each:
 * - all three start together while the team's row is held, and it is let go once all wait on it: the
 *   deletion, slowed by its password check, queues last;
 * - the same, but the writers start once the deletion waits: it queues first;
 * - no row held: the writers start `stagger`ed, each request runs on its own time.
 */
async function race(
  round: number,
  teamId: number,
  deletion: () => Promise<Answer>,
  [first, second]: [Writer, Writer],
): Promise<[Answer, Answer, Answer]> {
  if (round % 3 === 2) return Promise.all([deletion(), answer(first, stagger(round)), answer(second, stagger(round))]);
  const team = await holdTeam(teamId);
  const deleting = deletion();
  const deletionFirst = round % 3 === 1 ? queued(1) : Promise.resolve(true);
  const writersStart = deletionFirst.then(() => undefined);
  const all = Promise.all([deleting, answer(first, writersStart), answer(second, writersStart)]);
  let allWaited: boolean;
  try {
    allWaited = await queued(3);
  } finally {
    await team.letGo();
  }
  // A writer that no longer locks the team row would not queue, and the round would not race at all.
  expect(await deletionFirst, `round ${round}: the deletion waited on the held row`).toBe(true);
  expect(allWaited, `round ${round}: every request waited on the held row`).toBe(true);
  return all;
}

type Writer = () => Promise<ApiResponse>;

async function answer(request: Writer, delay?: Promise<void>): Promise<Answer> {
  await delay;
  const response = await request();
  return { status: response.status, body: response.body as ErrorBody };
}

async function deleteAccount(cookie: string): Promise<Answer> {
  const started = performance.now();
  const response = await post('/delete-user', { password: PASSWORD }, { cookie });
  lastDeletionMs = performance.now() - started;
  return { status: response.status, body: (await response.json()) as ErrorBody };
}

/** An owner inviting `email` again: the new invitation replaces the pending one. */
function reSend(teamId: number, email: string, cookie: string): Writer {
  return () => api('POST', `/teams/${teamId}/invitations`, { cookie, body: { data: { email } } });
}

/** Every status an answer may have; a deadlock or any other failure is a 500, never among them. */
function expectOneOf(answer: Answer, statuses: number[], label: string): void {
  expect(statuses, `${label} answered ${answer.status} ${JSON.stringify(answer.body)}`).toContain(answer.status);
}

/** The team after the race: whether it exists, its members and its pending invitations. */
async function teamState(teamId: number) {
  const [team] = await db().select({ id: teams.id }).from(teams).where(eq(teams.id, teamId));
  const rows = await db()
    .select({ userId: memberships.userId, role: memberships.role })
    .from(memberships)
    .where(eq(memberships.teamId, teamId));
  const invited = await db()
    .select({ email: invitations.email, invitedById: invitations.invitedById })
    .from(invitations)
    .where(and(eq(invitations.teamId, teamId), isNull(invitations.acceptedAt)));
  return { exists: team !== undefined, members: rows, pending: invited };
}

/** Who an invitation Dee sent names as its sender after the race: her, or nobody once she is deleted. */
function senderAfter(deletion: Answer, deeId: number): number | null {
  return deletion.status === 200 ? null : deeId;
}

/** Members in a comparable order. */
function byUser<T extends { userId: number }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => a.userId - b.userId);
}

/** What holds after every round, whatever the order the requests ran in. */
async function expectConsistent(
  label: string,
  teamId: number,
  dee: { id: number },
  deletion: Answer,
): Promise<Awaited<ReturnType<typeof teamState>>> {
  // The user row is gone exactly when the deletion answered success.
  expect(await userExists(dee.id), label).toBe(deletion.status !== 200);
  const state = await teamState(teamId);
  if (state.exists && state.members.length > 0) {
    expect(
      state.members.some((member) => member.role === 'owner'),
      `${label}: a team with members keeps an owner`,
    ).toBe(true);
  }
  if (!state.exists) {
    expect(state.members, `${label}: no membership of a deleted team`).toEqual([]);
    expect(state.pending, `${label}: no invitation of a deleted team`).toEqual([]);
    const left = await db().select({ id: invitations.id }).from(invitations).where(eq(invitations.teamId, teamId));
    expect(left, `${label}: no invitation of a deleted team`).toEqual([]);
  }
  if (deletion.status === 200) {
    expect(
      state.members.some((member) => member.userId === dee.id),
      `${label}: a deleted user is nobody's member`,
    ).toBe(false);
  }
  return state;
}

/** Runs `round` ROUNDS times, each with a new deleting user. */
async function everyRound(
  round: (context: { round: number; label: string; dee: { id: number; cookie: string } }) => Promise<void>,
): Promise<void> {
  for (let index = 0; index < ROUNDS; index++) {
    await round({ round: index, label: `round ${index}`, dee: await deletingUser() });
  }
}

describe('deleting an account while the team changes', () => {
  it(
    'a co-owner steps down and re-sends an invitation: exactly one of them and the deletion wins, the team keeps an owner',
    () =>
      everyRound(async ({ round, label, dee }) => {
        const team = await teamWith('Race', [
          [dee.id, 'owner'],
          [olive.id, 'owner'],
          [max.id, 'member'],
        ]);
        const guest = `guest-${team.id}@example.com`;
        // Dee sent it: the deletion nulls its `invited_by_id` while Olive's re-send replaces it.
        await pendingInvitation(team.id, guest, dee.id);
        const olives = await membershipOf(team.id, olive.id);

        const [deletion, invite, stepDown] = await race(round, team.id, () => deleteAccount(dee.cookie), [
          reSend(team.id, guest, olive.cookie),
          () => api('PATCH', `/teams/${team.id}/members/${olives}`, { cookie: olive.cookie, body: { role: 'member' } }),
        ]);

        // Whichever commits first leaves the other as the team's last owner: a 422 either way.
        expectOneOf(deletion, [200, 422], `${label}: deletion`);
        expectOneOf(stepDown, [200, 422], `${label}: step down`);
        expect([deletion.status, stepDown.status].sort(), `${label}: one of the two wins`).toEqual([200, 422]);
        if (deletion.status === 422) expect(deletion.body.error?.message).toMatch(/only owner of/);
        // Olive may invite until her step-down commits; after it, she is no owner: 403.
        expectOneOf(invite, stepDown.status === 200 ? [201, 403] : [201], `${label}: re-send`);

        const state = await expectConsistent(label, team.id, dee, deletion);
        expect(state.exists, label).toBe(true);
        const pendingToGuest = state.pending.filter((row) => row.email === guest);
        // Re-sent: only the new invitation is pending, Olive's. Refused: Dee's stays, nulled if she went.
        if (invite.status === 201) expect(pendingToGuest, label).toEqual([{ email: guest, invitedById: olive.id }]);
        else expect(pendingToGuest, label).toEqual([{ email: guest, invitedById: senderAfter(deletion, dee.id) }]);
      }),
    RACE_TIMEOUT_MS,
  );

  it(
    'an owner removes or promotes the deleting member and re-sends an invitation: the deletion always succeeds',
    () =>
      everyRound(async ({ round, label, dee }) => {
        const team = await teamWith('Race', [
          [olive.id, 'owner'],
          [dee.id, 'member'],
          [max.id, 'member'],
        ]);
        const guest = `guest-${team.id}@example.com`;
        await pendingInvitation(team.id, guest, olive.id);
        const dees = await membershipOf(team.id, dee.id);
        const change =
          round % 2 === 0
            ? () => api('DELETE', `/teams/${team.id}/members/${dees}`, { cookie: olive.cookie })
            : () =>
                api('PATCH', `/teams/${team.id}/members/${dees}`, { cookie: olive.cookie, body: { role: 'owner' } });

        const [deletion, invite, changed] = await race(round, team.id, () => deleteAccount(dee.cookie), [
          reSend(team.id, guest, olive.cookie),
          change,
        ]);

        // A member (or, promoted first, a second owner) may always go; after the deletion the membership is gone: 404.
        expectOneOf(deletion, [200], `${label}: deletion`);
        expectOneOf(changed, [200, 404], `${label}: ${round % 2 === 0 ? 'removal' : 'promotion'}`);
        expectOneOf(invite, [201], `${label}: re-send`);

        const state = await expectConsistent(label, team.id, dee, deletion);
        expect(byUser(state.members), label).toEqual(
          byUser([
            { userId: olive.id, role: 'owner' },
            { userId: max.id, role: 'member' },
          ]),
        );
        expect(
          state.pending.filter((row) => row.email === guest),
          label,
        ).toEqual([{ email: guest, invitedById: olive.id }]);
      }),
    RACE_TIMEOUT_MS,
  );

  it(
    'the only member deletes the account while an invitee accepts and another tab re-sends: the team goes or stays whole',
    () =>
      everyRound(async ({ round, label, dee }) => {
        const team = await teamWith('Race', [[dee.id, 'owner']]);
        const guest = `guest-${team.id}@example.com`;
        await pendingInvitation(team.id, guest, dee.id);
        // Ivy's invitation through the API: its link carries the token she accepts with.
        const sent = await api<{ link: string }>('POST', `/teams/${team.id}/invitations`, {
          cookie: dee.cookie,
          body: { data: { email: ivy.email } },
        });
        expect(sent.status, label).toBe(201);
        const token = sent.body.link.split('/invitations/')[1];

        const [deletion, invite, accept] = await race(round, team.id, () => deleteAccount(dee.cookie), [
          reSend(team.id, guest, dee.cookie),
          () =>
            api('POST', '/invitations/accept', {
              cookie: ivy.cookie,
              body: { token },
              // Its own address each round: the acceptance limit is per address.
              headers: { 'x-forwarded-for': `198.19.${Math.floor(counter / 250)}.${(counter % 250) + 1}` },
            }),
        ]);

        // Ivy joins first: Dee is then the only owner of a team with a member (422). Or the team goes first,
        // and her invitation with it: 404.
        expectOneOf(deletion, [200, 422], `${label}: deletion`);
        expectOneOf(accept, deletion.status === 200 ? [404] : [200], `${label}: accept`);
        // The re-send from Dee's other tab: before the deletion 201; after it, signed out (401) or no longer
        // a member (403, the request's context was read before the deletion committed).
        expectOneOf(invite, [201, 401, 403], `${label}: re-send`);

        const state = await expectConsistent(label, team.id, dee, deletion);
        expect(state.exists, label).toBe(deletion.status !== 200);
        if (accept.status === 200) {
          expect(byUser(state.members), `${label}: Ivy joined a team that exists`).toEqual(
            byUser([
              { userId: dee.id, role: 'owner' },
              { userId: ivy.id, role: 'member' },
            ]),
          );
        }
      }),
    RACE_TIMEOUT_MS,
  );
});
