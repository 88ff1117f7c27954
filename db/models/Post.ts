// demo:file (npm run demo:remove deletes this file)
/** A post under a campaign. `teamId` and `campaignId` come from the URL scope, never from the body. */
import { z } from 'zod';
import { belongsTo, Model, visibleText } from '@/server';
import { posts } from '../schema';
import { models } from './registry';

export class Post extends Model(posts, {
  name: 'Post',
  validations: {
    title: visibleText(),
    body: z.string().max(20_000, 'is too long (maximum is 20000 characters)').nullish(),
  },
}) {
  static associations = () => ({
    campaign: belongsTo(() => models.Campaign, { columns: ['id', 'name', 'status'] }),
  });
}
