/**
 * The app's model classes by name, for associations. Models refer to each
 * other (Team hasMany Membership, Membership belongsTo Team); if each file
 * imported the other, the modules would form an import cycle, which the lint
 * forbids. So a model's association thunk reads its target from here
 * (`belongsTo(() => models.User)`), and `index.ts` fills this object once
 * every model file has been evaluated. The type comes from the generated
 * list (models.gen.ts, type-only import): nothing to add here for a new model.
 */
import type { modelClasses } from './models.gen';

export type AppModels = typeof modelClasses;

/** Filled by db/models/index.ts; read only inside association thunks (after every model is declared). */
export const models = {} as AppModels;
