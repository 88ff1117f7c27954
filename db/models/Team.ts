/** A tenant: every campaign, post, setting and API key belongs to one team. */
import { z } from 'zod';
import { hasMany, hasOne, Model } from '@/server';
import { teams } from '../schema';
import { Campaign } from './Campaign';
import { Membership } from './Membership';
import { TeamSetting } from './TeamSetting';

export class Team extends Model(teams, {
  name: 'Team',
  validations: { name: z.string().trim().min(1, "can't be blank") },
}) {
  static associations = () => ({
    memberships: hasMany(() => Membership, { foreignKey: 'teamId' }),
    campaigns: hasMany(() => Campaign, { foreignKey: 'teamId' }),
    settings: hasOne(() => TeamSetting, { foreignKey: 'teamId' }),
  });
}
