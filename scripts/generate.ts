/**
 * `npm run generate`: the scaffold generator (docs/generators.md).
 *
 *   npm run generate -- scaffold Product name:string price:decimal status:enum:draft,live supplier:references
 *   npm run generate -- scaffold Product ... --dry-run   prints the plan, writes nothing
 *   npm run generate -- scaffold Product ... --force     regenerates, merging into your edits
 *   npm run generate -- scaffold Canvas ... --plural Canvases   a plural pluralize gets wrong
 *   npm run generate -- destroy scaffold Product         removes what the scaffold made
 *
 * The files come from templates/scaffold/ (edit them to change what it
 * writes). Nothing is written unless the whole command is valid.
 */
import { pathToFileURL } from 'node:url';
import { readManifest } from './generate/manifest';
import { GeneratorError, parseScaffold } from './generate/parseScaffold';
import { destroyScaffold, runScaffold } from './generate/runScaffold';

const USAGE = `usage:
  npm run generate -- scaffold <Name> <field>:<type>[:<modifier>]... [--dry-run] [--force] [--plural <Plural>]
  npm run generate -- destroy scaffold <Name> [--dry-run]
types: string[:N], text, integer, bigint, decimal, boolean, date, timestamp, enum:a,b,c, references
files: image, attachment (one file, with an upload widget); images, attachments (a list:
       up to 20 images or 10 files); no modifiers
modifiers: optional, unique (docs/generators.md)
--plural: the plural, where pluralize reads the name as one (Canvas --plural Canvases)`;

/** `--plural Canvases` or `--plural=Canvases` taken out of the arguments: the rest, and the value. */
function takePlural(argv: readonly string[]): { rest: string[]; plural?: string } {
  const rest = [...argv];
  const at = rest.findIndex((arg) => arg === '--plural' || arg.startsWith('--plural='));
  if (at < 0) return { rest };
  const [arg] = rest.splice(at, 1);
  const plural = arg === '--plural' ? rest.splice(at, 1)[0] : arg?.slice('--plural='.length);
  if (!plural || plural.startsWith('--'))
    throw new GeneratorError(`generate: --plural needs a value (--plural Canvases)\n${USAGE}`);
  return { rest, plural };
}

export async function main(argv: readonly string[], root: string): Promise<number> {
  const { rest, plural } = takePlural(argv);
  const flags = new Set(rest.filter((arg) => arg.startsWith('--')));
  const args = rest.filter((arg) => !arg.startsWith('--'));
  for (const flag of flags)
    if (!['--dry-run', '--force'].includes(flag))
      throw new GeneratorError(`generate: unknown option ${flag}\n${USAGE}`);
  const options = { dryRun: flags.has('--dry-run'), force: flags.has('--force'), root, log: console.log };
  if (args[0] === 'scaffold') {
    // A run with --force keeps the plural the scaffold was made with (runScaffold refuses another one).
    const made = args[1] && /^\w+$/.test(args[1]) ? readManifest(root, args[1])?.plural : undefined;
    return runScaffold(parseScaffold(args[1], args.slice(2), plural ?? made), args.slice(2), options);
  }
  if (args[0] === 'destroy' && args[1] === 'scaffold' && args[2] && args.length === 3 && !plural) {
    return destroyScaffold(args[2], options);
  }
  throw new GeneratorError(USAGE);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2), process.cwd()).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof GeneratorError ? error.message : error);
      process.exit(1);
    },
  );
}
