/**
 * The app's models, one file each. Import them from '@/db/models'.
 *
 * Add a model: a table in db/schema.ts and a file db/models/<Name>.ts
 * exporting `class <Name> extends Model(...)`. `npm run gen` lists it in
 * models.gen.ts (every export of the file is re-exported from here, and the
 * class is registered for associations): no line to add here.
 */
import { registerAppDatabase } from '../database';
import { modelClasses } from './models.gen';
import { models } from './registry';

// Models query through the app's database (no I/O until the first query).
registerAppDatabase();

// Association thunks read their targets from the registry: fill it once every model is declared.
Object.assign(models, modelClasses);

export * from './models.gen';
