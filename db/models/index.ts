/**
 * The app's models, one file each. Import them from '@/db/models'.
 * Add a model: a table in db/schema.ts, a file here, and a line below.
 */
// Registers the database with the model layer (no I/O until the first query).
import '../client';

export { ApiKey, generateApiToken, parseApiToken, secretMatches } from './ApiKey';
export { Campaign } from './Campaign';
export { Membership } from './Membership';
export { Post } from './Post';
export { Team } from './Team';
export { DEFAULT_TEAM_SETTINGS, isIanaTimeZone, TeamSetting } from './TeamSetting';
export { User } from './User';
