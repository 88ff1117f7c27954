/** A tenant: every campaign, post, setting and API key belongs to one team. */
import { z } from 'zod';
import { hasMany, hasOne, Model } from '@/server';
import { teams } from '../schema';
import { models } from './registry';

export class Team extends Model(teams, {
  name: 'Team',
  validations: { name: z.string().trim().min(1, "can't be blank") },
}) {
  static associations = () => ({
    memberships: hasMany(() => models.Membership, { foreignKey: 'teamId' }),
    campaigns: hasMany(() => models.Campaign, { foreignKey: 'teamId' }),
    settings: hasOne(() => models.TeamSetting, { foreignKey: 'teamId' }),
  });
}
