/** The scaffold's checks of a `references` field against the app's models, on this project's own tree. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScaffold } from './parseScaffold';
import { referencedModels } from './referencedModels';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

describe('referencedModels', () => {
  // The documented command references a model the app may not have yet (a fresh app, or one the demo left):
  // the refusal said only that the file was missing, not that the referenced model needs its scaffold first.
  it('refuses a reference to a model that does not exist, saying to scaffold it first or leave it out', () => {
    const product = parseScaffold('Product', ['name:string', 'warehouse:references']);
    expect(() => referencedModels(ROOT, product)).toThrow(
      'scaffold: warehouse:references names no model: db/models/Warehouse.ts does not exist. ' +
        'Generate it first (npm run generate -- scaffold Warehouse name:string ...), then this one; ' +
        'or leave the field out',
    );
  });
});
