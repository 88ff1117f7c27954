/**
 * The text of a generated client file (`controllers/client.gen.ts`):
 * the runtime manifest plus one API type per controller. Deterministic:
 * controllers, methods, imports and union members are sorted, and nothing
 * depends on time or machine.
 */
import { quote } from './columnType';
import type { ControllerDescription } from './describeController';
import type { SlotDescription } from './describeSlots';

export interface RenderOptions {
  controllers: ControllerDescription[];
  /** Class name -> module specifier for its `import type` (relative to the output file). */
  typeImports: ReadonlyMap<string, string>;
  /** Specifier of the client runtime's types (`../server/client`). */
  clientModule: string;
  /** Shown in the header: what the file was generated from. */
  source: string;
  /** Attachment slots of the controllers' models (the browser's pre-presign checks). */
  slots?: readonly SlotDescription[];
}

const HELPER_TYPES = [
  'ActionInput',
  'ActionOutput',
  'IndexOptions',
  'IndexPage',
  'JsonRecord',
  'LoadInput',
  'MutationDef',
  'PickKnown',
  'ProcedureOf',
  'QueryDef',
  'RecordJson',
  'RecordOf',
  'Simplify',
  'TypedRouter',
];

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function renderManifest(controllers: ControllerDescription[]): string {
  if (controllers.length === 0) return 'export const manifest = {} as const satisfies ClientManifest;';
  const lines = ['export const manifest = {'];
  for (const controller of controllers) {
    lines.push(`  ${controller.name}: {`);
    lines.push(`    scopes: [${controller.scopes.map((s) => `'${s}'`).join(', ')}],`);
    lines.push('    methods: {');
    for (const m of controller.methods)
      lines.push(`      ${m.clientName}: ['${m.procedure}', '${m.type}', '${m.shape}'],`);
    lines.push('    },');
    lines.push('  },');
  }
  lines.push('} as const satisfies ClientManifest;');
  return lines.join('\n');
}

function renderApi(controller: ControllerDescription): string {
  const lines: string[] = [];
  if (controller.recordType) lines.push(`export type ${controller.name}Record = ${controller.recordType};`, '');
  const scope = controller.scopes.length ? `{ ${controller.scopes.map((s) => `${s}: number`).join('; ')} }` : '{}';
  lines.push(`export interface ${controller.name}Api {`, `  scope: ${scope};`, '  methods: {');
  for (const m of controller.methods) lines.push(`    ${m.clientName}: ${m.definition};`);
  lines.push('  };', '}');
  return lines.join('\n');
}

type Tree = Map<string, Tree | string>;

/**
 * `export type AppRouter = TypedRouter<{ teams: { campaigns: { index: ProcedureOf<...> } } }>`:
 * the procedure tree the router builds at run time (server/http/buildRouter.ts), keys sorted.
 */
function renderRouter(controllers: ControllerDescription[]): string {
  const root: Tree = new Map();
  for (const controller of controllers) {
    for (const m of controller.methods) {
      const parts = m.procedure.split('.');
      const leaf = parts.pop() as string;
      let node = root;
      for (const part of parts) {
        let next = node.get(part);
        if (typeof next !== 'object') {
          next = new Map();
          node.set(part, next);
        }
        node = next;
      }
      node.set(leaf, `ProcedureOf<${controller.name}Api, '${m.clientName}'>`);
    }
  }
  const key = (name: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : `'${name}'`);
  const render = (node: Tree, indent: string): string[] =>
    [...node.keys()].sort(byName).flatMap((name) => {
      const value = node.get(name) as Tree | string;
      return typeof value === 'string'
        ? [`${indent}${key(name)}: ${value};`]
        : [`${indent}${key(name)}: {`, ...render(value, `${indent}  `), `${indent}};`];
    });
  return [
    '/** The tRPC router: `createTRPCClient<AppRouter>(...)` is typed per procedure (docs/openapi.md). */',
    controllers.length === 0
      ? '// biome-ignore lint/complexity/noBannedTypes: no controllers yet.\nexport type AppRouter = TypedRouter<{}>;'
      : ['export type AppRouter = TypedRouter<{', ...render(root, '  '), '}>;'].join('\n'),
  ].join('\n');
}

/** `{ 'Campaign.logo': { kind: 'one', accepts: 'image/*', maxSize: 5242880 } }`: the slots' declared rules. */
function renderSlots(slots: readonly SlotDescription[]): string {
  const lines = [
    '/** The attachment slots of the models above, as declared (a slot without maxSize uses the server default). */',
  ];
  if (slots.length === 0) return `${lines[0]}\nexport const attachmentSlots = {} as const;`;
  lines.push('export const attachmentSlots = {');
  for (const { key, kind, accepts, maxSize, max } of slots) {
    const fields = [`kind: ${quote(kind)}`];
    if (accepts !== undefined) {
      fields.push(`accepts: ${typeof accepts === 'string' ? quote(accepts) : `[${accepts.map(quote).join(', ')}]`}`);
    }
    if (maxSize !== undefined) fields.push(`maxSize: ${maxSize}`);
    if (max !== undefined) fields.push(`max: ${max}`);
    lines.push(`  ${quote(key)}: { ${fields.join(', ')} },`);
  }
  lines.push('} as const;');
  return lines.join('\n');
}

export function renderClientFile(options: RenderOptions): string {
  const controllers = [...options.controllers].sort((a, b) => byName(a.name, b.name));
  const body = [
    renderManifest(controllers),
    renderSlots(options.slots ?? []),
    ...controllers.map(renderApi),
    controllers.length === 0
      ? '// biome-ignore lint/suspicious/noEmptyInterface: no controllers yet.\nexport interface ClientApis {}'
      : ['export interface ClientApis {', ...controllers.map((c) => `  ${c.name}: ${c.name}Api;`), '}'].join('\n'),
    renderRouter(controllers),
  ].join('\n\n');

  const helpers = HELPER_TYPES.filter((name) => new RegExp(`\\b${name}\\b`).test(body));
  const imports = [
    `import type { ${['ClientManifest', ...helpers].sort(byName).join(', ')} } from '${options.clientModule}';`,
  ];
  const bySpecifier = new Map<string, string[]>();
  for (const { name } of controllers) {
    const specifier = options.typeImports.get(name);
    if (!specifier) throw new Error(`gen: no module found that exports ${name}`);
    bySpecifier.set(specifier, [...(bySpecifier.get(specifier) ?? []), name]);
  }
  for (const specifier of [...bySpecifier.keys()].sort(byName)) {
    imports.push(`import type { ${(bySpecifier.get(specifier) ?? []).sort(byName).join(', ')} } from '${specifier}';`);
  }

  const header = [
    '/**',
    ` * GENERATED by \`npm run gen\` (scripts/gen.ts) from ${options.source}. Do not edit:`,
    ' * change the controllers and run `npm run gen` (dev, test and typecheck run it too).',
    ' * The manifest maps client names to tRPC procedures; the types come from the',
    ' * controller classes themselves (import type: no server code reaches the browser).',
    ' */',
  ].join('\n');
  return `${header}\n${imports.join('\n')}\n\n${body}\n`;
}
