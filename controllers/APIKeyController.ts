/**
 * The team's API keys: `/api/teams/:teamId/api-keys[/:id]`, owners only.
 * Create answers the key plus its `token`, once (see db/models/ApiKey.ts);
 * DELETE revokes. No response carries the stored hash.
 */

import { rateLimit } from '@/backend/rateLimit';
import { ApiKey } from '@/db/models';
import { apiDoc, before, Forbidden, scope } from '@/server';
import { crud } from './decorators';
import { TeamScopedController } from './TeamScopedController';

@apiDoc({ tag: 'API keys', description: "A team's API keys (owners, signed in). Create answers the `token` once." })
@scope('teamId')
@crud(ApiKey, {
  index: {
    sortable: ['createdAt', 'name', 'lastUsedAt'],
    defaultSort: { field: 'createdAt', dir: 'desc' },
    include: ['creator'],
    perPage: 20,
    maxPerPage: 100,
  },
  get: { include: ['creator'] },
  create: {
    permit: ['name'],
    autoSet: { createdById: (context) => context.user?.id ?? null },
  },
  update: { permit: ['name'] },
})
export class APIKeyController extends TeamScopedController<ApiKey> {
  @before()
  ownersOnly(): void {
    this.requireOwner();
    // A leaked key must not be able to mint or revoke keys: that takes a signed-in owner.
    if (this.context.apiKey) throw new Forbidden('API keys cannot manage API keys; sign in');
  }

  /** Each key is a new token: a team's owners (or a stolen owner session) cannot mint them at speed. */
  @before({ only: ['create'] })
  async limitCreation(): Promise<void> {
    await rateLimit('apiKeyCreate', `team:${this.scopeParams.teamId}`);
  }
}
