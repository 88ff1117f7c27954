/**
 * The app's model classes by name, for associations. Models refer to each
 * other (Campaign hasMany Post, Post belongsTo Campaign); if each file
 * imported the other, the modules would form an import cycle, which the lint
 * forbids. So a model's association thunk reads its target from here
 * (`belongsTo(() => models.User)`), and `index.ts` fills this object once
 * every model file has been evaluated. The imports below are type-only.
 *
 * Add a model: its type here and its class in index.ts's `Object.assign`.
 */
import type { ApiKey } from './ApiKey';
import type { Campaign } from './Campaign';
import type { Invitation } from './Invitation';
import type { Membership } from './Membership';
import type { Post } from './Post';
import type { Team } from './Team';
import type { TeamSetting } from './TeamSetting';
import type { User } from './User';

export interface AppModels {
  ApiKey: typeof ApiKey;
  Campaign: typeof Campaign;
  Invitation: typeof Invitation;
  Membership: typeof Membership;
  Post: typeof Post;
  Team: typeof Team;
  TeamSetting: typeof TeamSetting;
  User: typeof User;
}

/** Filled by db/models/index.ts; read only inside association thunks (after every model is declared). */
export const models = {} as AppModels;
