/**
 * The app's models, one file each. Import them from '@/db/models'.
 * Add a model: a table in db/schema.ts, a file here, and a line below. If
 * other models name it in an association, also add it to registry.ts and to
 * the `Object.assign` below (associations find their targets there).
 */
// Registers the database with the model layer (no I/O until the first query).
import '../database';
import { ApiKey } from './ApiKey';
import { Campaign } from './Campaign';
import { Invitation } from './Invitation';
import { Membership } from './Membership';
import { Post } from './Post';
import { models } from './registry';
import { Team } from './Team';
import { TeamSetting } from './TeamSetting';
import { User } from './User';

// Association thunks read their targets from the registry: fill it once every model is declared.
Object.assign(models, { ApiKey, Campaign, Invitation, Membership, Post, Team, TeamSetting, User });

export { ApiKey, generateApiToken, parseApiToken, secretMatches } from './ApiKey';
export { Campaign } from './Campaign';
export { hashInvitationToken, INVITATION_LIFETIME_MS, Invitation, type InvitationStatus } from './Invitation';
export { Membership } from './Membership';
export { Post } from './Post';
export { Team } from './Team';
export { DEFAULT_TEAM_SETTINGS, isIanaTimeZone, TeamSetting } from './TeamSetting';
export { User } from './User';
