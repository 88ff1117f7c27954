/** A tenant: memberships, invitations, API keys and the app's own records belong to one team. */
import { hasMany, hasOne, Model, singleLineText, trimInvisible } from '@/server';
import { teams } from '../schema';
import { models } from './registry';

export class Team extends Model(teams, {
  name: 'Team',
  validations: {
    name: singleLineText(),
  },
}) {
  static associations = () => ({
    memberships: hasMany(() => models.Membership, { foreignKey: 'teamId' }),
    invitations: hasMany(() => models.Invitation, { foreignKey: 'teamId' }),
    // demo:begin
    campaigns: hasMany(() => models.Campaign, { foreignKey: 'teamId' }),
    settings: hasOne(() => models.TeamSetting, { foreignKey: 'teamId' }),
    // demo:end
  });

  beforeValidate(): void {
    // " Acme " and "Acme\u200f" look like "Acme": store it trimmed of whitespace and invisible format
    // characters (the validation trims only to check), as user names are.
    if (typeof this.name === 'string') this.name = trimInvisible(this.name);
  }
}
