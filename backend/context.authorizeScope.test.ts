/**
 * The app's guard (backend/context.ts), which the framework runs for every
 * action: signed in by default, `@allowAnonymous` opens an action only
 * outside a team, and a scope param it cannot check is an error, never a
 * pass. (Its 404s for other teams' data: controllers/*.test.ts, through the API.)
 */
import { describe, expect, it } from 'vitest';
import { Unauthorized } from '@/server';
import { type AppContext, assertCheckedScopes, authorizeScope } from './context';

const anonymous: AppContext = { user: null, memberships: [], apiKey: null };
const member: AppContext = {
  user: { id: 1, email: 'm@example.com', name: 'M' },
  memberships: [{ teamId: 7, role: 'member' }],
  apiKey: null,
};
const target = (allowAnonymous: boolean) => ({ controller: 'NoteController', action: 'index', allowAnonymous });

describe('authorizeScope', () => {
  it('refuses a caller who is not signed in on an unscoped action, unless @allowAnonymous covers it', async () => {
    await expect(authorizeScope(anonymous, {}, target(false))).rejects.toBeInstanceOf(Unauthorized);
    await expect(authorizeScope(anonymous, {}, target(true))).resolves.toBeUndefined();
    await expect(authorizeScope(member, {}, target(false))).resolves.toBeUndefined();
  });

  it('never lets an anonymous caller under a team, @allowAnonymous or not', async () => {
    await expect(authorizeScope(anonymous, { teamId: 7 }, target(true))).rejects.toBeInstanceOf(Unauthorized);
    await expect(authorizeScope(member, { teamId: 7 }, target(false))).resolves.toBeUndefined();
  });

  it('fails, naming it, on a scope param it does not check, alone or under a team', async () => {
    const unchecked = /NoteController: the scope param noteId is not checked by the guard/;
    await expect(authorizeScope(member, { noteId: 3 }, target(false))).rejects.toThrow(unchecked);
    await expect(authorizeScope(member, { teamId: 7, noteId: 3 }, target(false))).rejects.toThrow(unchecked);
    // A key every object inherits is no checked scope either.
    await expect(authorizeScope(member, { teamId: 7, toString: 3 }, target(false))).rejects.toThrow(/toString/);
  });

  it('are refused at boot too, from the scopes a controller declares', () => {
    expect(() => assertCheckedScopes('NoteController', ['noteId'])).toThrow(/NoteController: the scope param noteId/);
    expect(() => assertCheckedScopes('NoteController', ['teamId'])).not.toThrow();
    expect(() => assertCheckedScopes('TeamController', [])).not.toThrow();
  });

  // demo:begin
  it('fails on a nested scope param without the team it belongs under', async () => {
    await expect(authorizeScope(member, { campaignId: 3 }, target(false))).rejects.toThrow(/campaignId/);
    expect(() => assertCheckedScopes('PostController', ['campaignId'])).toThrow(/campaignId/);
    expect(() => assertCheckedScopes('PostController', ['teamId', 'campaignId'])).not.toThrow();
  });
  // demo:end
});
