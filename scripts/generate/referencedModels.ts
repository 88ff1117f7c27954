/**
 * What a scaffold reads from the project about the models its `references`
 * fields point at: each one's table, how tests and seeds make a record of it,
 * and whether the generated code can use it at all. Read from the files, like
 * the rest of the scaffold, before anything is written.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { camelCase } from 'change-case';
import { inferResourcePath } from '@/server/controller';
import { discoverModels } from '../gen/discover';
import { type Field, GeneratorError, type Resource } from './parseScaffold';

/** How tests and seeds make a record of a referenced model, from a team id expression. */
export interface Factory {
  call: (teamId: string) => string;
  /** The import the call needs, when it is the model's own seeder. */
  importLine?: string;
}

/** The table variable of a model: `export class Campaign extends Model(campaigns, ...)`. */
export function tableOf(root: string, model: string): string {
  const source = readFileSync(path.join(root, 'db/models', `${model}.ts`), 'utf8');
  const match = new RegExp(`class ${model} extends Model\\((\\w+)`).exec(source);
  if (!match?.[1]) throw new GeneratorError(`scaffold: cannot find the table of model ${model}`);
  return match[1];
}

/**
 * The URL segment of a model's controller under /teams/:teamId: the path its `@controller('/canvases')`
 * gives (a scaffold made with `--plural`, or one written by hand), else the one the framework infers
 * from the class name (`line-items` for LineItemController).
 */
export function servedAt(root: string, model: string): string {
  const file = path.join(root, 'controllers', `${model}Controller.ts`);
  const source = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const explicit = /^@controller\(\s*'\/*([^']*?)\/*'\s*\)/m.exec(source)?.[1];
  return explicit || inferResourcePath(model).slice(1);
}

/**
 * A model's own `create<Model>(teamId)` when a seeder exports one (it fills
 * that model's own references), else the generic `createTeamRecord(Model, teamId)`.
 */
function factoryOf(root: string, model: string): Factory {
  const dir = path.join(root, 'db/seeds');
  const exporter = new RegExp(`^export (async )?function create${model}\\(`, 'm');
  const file = readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .find((name) => exporter.test(readFileSync(path.join(dir, name), 'utf8')));
  if (!file) return { call: (teamId) => `createTeamRecord(${model}, ${teamId})` };
  return {
    call: (teamId) => `create${model}(${teamId})`,
    importLine: `import { create${model} } from '@/db/seeds/${file.replace(/\.ts$/, '')}';`,
  };
}

/**
 * A referenced model must belong to a team (a `teamId` column: the model checks the record is in the
 * same team) and be served at `/teams/:teamId/<plural>`: the generated form lists the team's records with
 * `<Model>Controller.use({ teamId })`, which a controller nested deeper (PostController, under a campaign)
 * or none at all cannot answer.
 */
function checkReference(root: string, field: Field, table: string): void {
  const model = field.target as string;
  const what = `${field.association}:references`;
  const schema = readFileSync(path.join(root, 'db/schema.ts'), 'utf8');
  const start = schema.search(new RegExp(`^export const ${table} = pgTable\\(`, 'm'));
  const definition = start < 0 ? '' : schema.slice(start).split(/\n(?=export )/)[0];
  if (!/\bteamId:/.test(definition ?? ''))
    throw new GeneratorError(
      `scaffold: ${what}: ${model} does not belong to a team (its table ${table} in db/schema.ts has no teamId column); ` +
        'a reference must point at a team-scoped model. Store the id in an integer field, or leave it out',
    );
  const controllerFile = path.join(root, 'controllers', `${model}Controller.ts`);
  let source: string;
  try {
    source = readFileSync(controllerFile, 'utf8');
  } catch {
    throw new GeneratorError(
      `scaffold: ${what}: no controllers/${model}Controller.ts serves ${model}; the generated form lists the team's records through it. Add the controller first`,
    );
  }
  const scopes = [...source.matchAll(/@scope\(\s*'(\w+)'/g)].map((match) => match[1]);
  if (scopes.join() !== 'teamId')
    throw new GeneratorError(
      `scaffold: ${what}: ${model}Controller is scoped by ${scopes.join(', ') || 'nothing'}, not by teamId alone; ` +
        `the generated form lists the team's records with ${model}Controller.use({ teamId }), which needs ${scopes.filter((scope) => scope !== 'teamId').join(', ') || 'teamId'} too. ` +
        'Reference a model served at /teams/:teamId/<plural>',
    );
}

/**
 * The model a reference names: the field's name with a capital (`supplier` is Supplier), or the model whose
 * camelCase it is, as its scaffold spells its variables (resourceName.ts: `ipAddress` is IPAddress).
 */
function modelNamed(models: ReadonlySet<string>, field: Field): string {
  const capitalised = field.target as string;
  if (models.has(capitalised)) return capitalised;
  return [...models].find((model) => camelCase(model) === field.association) ?? capitalised;
}

/**
 * Checks every `references` field of the resource (refusing, before anything
 * is written, one the generated code could not serve), settles the model each
 * one names (an acronym's: `ipAddress` is IPAddress) and answers each
 * referenced model's factory.
 */
export function referencedModels(root: string, resource: Resource): Map<string, Factory> {
  const models = new Set(discoverModels(root));
  const factories = new Map<string, Factory>();
  for (const field of resource.fields.filter((candidate) => candidate.type === 'references')) {
    field.target = modelNamed(models, field);
    const target = field.target;
    // A reference to its own model (a tree: parent:references) needs a name other than the model's: added by hand.
    if (target === resource.name)
      throw new GeneratorError(
        `scaffold: ${resource.name} cannot reference itself (${field.association}:references); scaffold it without the ` +
          'field, then add the column, its foreign key and a belongsTo by hand (docs/generators.md, References)',
      );
    if (!models.has(target))
      throw new GeneratorError(
        `scaffold: ${field.association}:references names no model: db/models/${target}.ts does not exist. ` +
          `The field's name is the model's, in camelCase (supplier:references for Supplier): a second reference ` +
          'to one model (backupSupplier) is added by hand. ' +
          `Or generate ${target} first (npm run generate -- scaffold ${target} name:string ...), then this one; or leave the field out`,
      );
    checkReference(root, field, tableOf(root, target));
    if (!factories.has(target)) factories.set(target, factoryOf(root, target));
  }
  return factories;
}
