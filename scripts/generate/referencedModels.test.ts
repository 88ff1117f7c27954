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
        "The field's name is the model's, in camelCase (supplier:references for Supplier): a second reference " +
        'to one model (backupSupplier) is added by hand. ' +
        'Or generate Warehouse first (npm run generate -- scaffold Warehouse name:string ...), then this one; ' +
        'or leave the field out',
    );
  });

  // A tree (a category's parent category) is a reference to the model being made: it does not exist yet, and
  // "names no model" sent you to scaffold the very resource you were scaffolding.
  it('refuses a reference to itself, saying to add it by hand', () => {
    const category = parseScaffold('Category', ['name:string', 'category:references:optional']);
    expect(() => referencedModels(ROOT, category)).toThrow(
      'scaffold: Category cannot reference itself (category:references); scaffold it without the field, then add',
    );
  });
});
