// demo:file (npm run demo:remove deletes this file)
/**
 * Posts of a campaign: `/api/teams/:teamId/campaigns/:campaignId/posts[/:id]`.
 *
 * Two scopes: the relation is filtered by both `teamId` and `campaignId`, and
 * the scope guard (backend/context.ts) first checks that the campaign
 * belongs to the team, so another team's campaign id is a 404 here too.
 */
import { Post } from '@/db/models';
import { apiDoc, scope } from '@/server';
import { crud } from './decorators';
import { TeamScopedController } from './TeamScopedController';

@apiDoc({ tag: 'Posts', description: 'Posts of a campaign.' })
@scope('teamId')
@scope('campaignId')
@crud(Post, {
  index: {
    sortable: ['createdAt', 'title'],
    defaultSort: { field: 'createdAt', dir: 'desc' },
    perPage: 20,
    maxPerPage: 100,
  },
  create: { permit: ['title', 'body'] },
  update: { permit: ['title', 'body'] },
})
export class PostController extends TeamScopedController<Post> {}
