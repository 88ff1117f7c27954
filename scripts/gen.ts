/**
 * `npm run gen`: writes the app's derived files: the lists of controllers,
 * models and seeders found on disk (scripts/gen/discover.ts), then the typed
 * client files from the controllers (docs/typed-client.md). Runs by itself before dev, build and
 * typecheck (package.json, scripts/dev.ts); `npm test` runs `--check` (scripts/test.ts).
 *
 *   npm run gen            write the files that changed
 *   npm run gen -- --check exit 1 when a committed file is stale
 *
 * Each target names an entry module exporting an array of controller classes;
 * a class's types are imported from `<entry folder>/<ClassName>.ts` when that
 * file exports it, else from the entry itself. Add a target to generate a
 * client for another set of controllers.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ControllerClass } from '@/server';
import {
  describeController,
  describeSlots,
  renderBrowserClients,
  renderClientFile,
  renderOpenApiTypes,
  renderServerClients,
} from '../server/codegen';
import { discoveredFiles } from './gen/discover';

export interface GenTarget {
  /** Module exporting the controller classes, relative to the project root. */
  entry: string;
  /** Name of its export holding the array of classes. */
  listExport: string;
  /** File to write, relative to the project root. */
  out: string;
}

export const TARGETS: readonly GenTarget[] = [
  { entry: 'controllers/index.ts', listExport: 'controllerClasses', out: 'controllers/client.gen.ts' },
  // Test fixtures: the client type tests and the runtime test use this one.
  {
    entry: 'server/testing/clientFixtures.ts',
    listExport: 'clientFixtureControllers',
    out: 'server/testing/clientFixtures.gen.ts',
  },
];

/** Types of the app's OpenAPI document, for the outside-client example (controllers/outside/). */
export const OPENAPI_TYPES = 'controllers/outside/openapi.gen.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENT_RUNTIME = 'server/client';

function specifier(fromFile: string, toFile: string): string {
  const relative = path
    .relative(path.dirname(fromFile), toFile)
    .replace(/\\/g, '/')
    .replace(/\.tsx?$/, '');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

async function importModule(file: string): Promise<Record<string, unknown>> {
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

/** The module a class's `import type` should name: its own file, else the entry. */
async function typeSourceOf(Controller: ControllerClass, entryFile: string): Promise<string> {
  const own = path.join(path.dirname(entryFile), `${Controller.name}.ts`);
  for (const candidate of [own, entryFile]) {
    if (existsSync(candidate) && (await importModule(candidate))[Controller.name] === Controller) return candidate;
  }
  throw new Error(
    `gen: ${Controller.name} must be exported under its class name from ${path.relative(ROOT, own)} (or from the entry module)`,
  );
}

/** The file's text for `target` (empty manifest when the entry module does not exist yet). */
export async function generate(target: GenTarget, root = ROOT): Promise<string> {
  const entryFile = path.join(root, target.entry);
  const outFile = path.join(root, target.out);
  let classes: ControllerClass[] = [];
  if (existsSync(entryFile)) {
    const list = (await importModule(entryFile))[target.listExport];
    if (!Array.isArray(list))
      throw new Error(`gen: ${target.entry} must export ${target.listExport} (an array of controller classes)`);
    classes = list as ControllerClass[];
  }
  const typeImports = new Map<string, string>();
  for (const Controller of classes) {
    typeImports.set(Controller.name, specifier(outFile, await typeSourceOf(Controller, entryFile)));
  }
  return renderClientFile({
    controllers: classes.map(describeController),
    typeImports,
    clientModule: specifier(outFile, path.join(root, CLIENT_RUNTIME)),
    source: `${target.entry} (${target.listExport})`,
    slots: describeSlots(classes),
  });
}

/** The openapi-typescript types of the app's document. */
export async function generateOpenApiTypes(root = ROOT): Promise<string> {
  const { openApiDocument } = await importModule(path.join(root, 'controllers/index.ts'));
  return renderOpenApiTypes((openApiDocument as () => object)());
}

/** The per-controller exports of controllers/browser.ts and controllers/serverComponents.ts. */
async function generateClientExports(root = ROOT): Promise<{ browser: string; server: string }> {
  const { controllerClasses } = await importModule(path.join(root, 'controllers/index.ts'));
  const controllers = (controllerClasses as ControllerClass[]).map(describeController);
  return { browser: renderBrowserClients(controllers), server: renderServerClients(controllers) };
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  let stale = 0;
  // The discovered lists come first: every later output imports them.
  const outputs: { out: string; text: () => Promise<string> }[] = [
    ...discoveredFiles(ROOT).map((file) => ({ out: file.out, text: async () => file.text })),
    ...TARGETS.map((target) => ({ out: target.out, text: () => generate(target) })),
    { out: 'controllers/browserClients.gen.ts', text: async () => (await generateClientExports()).browser },
    { out: 'controllers/serverClients.gen.ts', text: async () => (await generateClientExports()).server },
    { out: OPENAPI_TYPES, text: () => generateOpenApiTypes() },
  ];
  for (const target of outputs) {
    const outFile = path.join(ROOT, target.out);
    const text = await target.text();
    const current = existsSync(outFile) ? readFileSync(outFile, 'utf8') : undefined;
    if (current === text) continue;
    if (check) {
      console.error(`gen: ${target.out} is stale; run \`npm run gen\``);
      stale++;
    } else {
      writeFileSync(outFile, text);
      console.log(`gen: wrote ${target.out}`);
    }
  }
  process.exit(stale > 0 ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
