/**
 * What the generator knows about one controller, read from
 * `compileController()` (the same table the router is built from): per client
 * name, the procedure, its type, the input shape, and the TypeScript source of
 * its input and output types. Types are expressions over the controller class
 * (`ActionOutput<CampaignController, 'publish', ...>`), imported with
 * `import type`, so they follow the code without being copied from it.
 */
import type { InputShape, ProcedureType } from '../client';
import {
  ACTION_KINDS,
  type CompiledAction,
  type ControllerClass,
  compileController,
  NEVER_WRITABLE,
} from '../controller';
import { quote, recordTypeFromColumns } from './columnType';

export interface MethodDescription {
  clientName: string;
  procedure: string;
  type: ProcedureType;
  shape: InputShape;
  /** TypeScript source of `QueryDef<...>` / `MutationDef<...>`. */
  definition: string;
}

export interface ControllerDescription {
  name: string;
  scopes: string[];
  /** `type <Name>Record = ...` for controllers with a model. */
  recordType?: string;
  methods: MethodDescription[];
}

function union(names: readonly string[]): string {
  return names.length > 0 ? [...names].sort().map(quote).join(' | ') : 'never';
}

function methodLength(Controller: ControllerClass, name: string): number {
  const method = (Controller.prototype as Record<string, unknown>)[name];
  return typeof method === 'function' ? method.length : 0;
}

export function describeController(Controller: ControllerClass): ControllerDescription {
  const compiled = compileController(Controller);
  const C = compiled.name;
  const model = compiled.model;
  const Rec = `${C}Record`;
  const resource = compiled.resource;
  const output = (name: string) =>
    model ? `ActionOutput<${C}, '${name}', RecordOf<${C}>, ${Rec}>` : `ActionOutput<${C}, '${name}'>`;

  const associationType = (name: string): string => {
    const association = model?.meta.associations(model).get(name);
    const empty = association?.empty?.();
    if (Array.isArray(empty)) return 'JsonRecord[]';
    return empty === null ? 'JsonRecord | null' : 'unknown';
  };
  const withIncludes = (include: readonly string[] = []) =>
    include.length === 0
      ? Rec
      : `Simplify<${Rec} & { ${[...include]
          .sort()
          .map((n) => `${n}: ${associationType(n)}`)
          .join('; ')} }>`;
  const data = (permit: readonly string[] = [], exclude: readonly string[] = []) => {
    const attributes = model?.attributeNames ?? [];
    const writable = permit.filter(
      (f) => !NEVER_WRITABLE.has(f) && !compiled.scopes.includes(f) && !exclude.includes(f) && attributes.includes(f),
    );
    return `Partial<PickKnown<${Rec}, ${union(writable)}>>`;
  };

  /** The TypeScript source of an action's input and output types; its call shape is its kind's (ACTION_KINDS). */
  const describeAction = (action: CompiledAction, shape: InputShape): { input: string; output: string } => {
    const crud = resource?.kind === 'crud' ? resource.config : undefined;
    const single = resource?.kind === 'singleton' ? resource.config : undefined;
    const own = action.hasMethod ? output(action.name) : undefined;
    switch (action.kind) {
      case 'index': {
        const index = crud?.index ?? {};
        const input = `IndexOptions<${union(index.sortable ?? [])}, PickKnown<${Rec}, ${union(index.filterable ?? [])}>, ${union(index.scopes ?? [])}, ${union(index.paramScopes ?? [])}>`;
        return { input, output: own ?? `IndexPage<${withIncludes(index.include)}>` };
      }
      case 'get':
        return { input: 'undefined', output: own ?? withIncludes(crud?.get?.include) };
      case 'create':
        return {
          input: data(crud?.create?.permit, Object.keys(crud?.create?.autoSet ?? {})),
          output: own ?? Rec,
        };
      case 'update':
        return { input: data(crud?.update?.permit), output: own ?? Rec };
      case 'destroy':
        return { input: 'undefined', output: own ?? '{ success: true }' };
      case 'singletonGet':
        return { input: 'undefined', output: own ?? `${withIncludes(single?.get?.include)} | null` };
      case 'singletonCreate':
        return { input: 'undefined', output: own ?? Rec };
      case 'singletonUpdate':
        return { input: data(single?.update?.permit), output: own ?? Rec };
      case 'mutation':
        return { input: 'undefined', output: output(action.name) };
      case 'bulkMutation':
        return { input: 'undefined', output: output(action.name) };
      case 'action': {
        const input =
          shape === 'idInput'
            ? `LoadInput<${C}, '${action.name}'>`
            : shape === 'input'
              ? `ActionInput<${C}, '${action.name}'>`
              : 'undefined';
        return { input, output: output(action.name) };
      }
    }
  };

  const methods = compiled.actions
    .map((action): MethodDescription => {
      // `Function.length` tells whether an action's method declares an input parameter.
      const shape = ACTION_KINDS[action.kind].inputShape(action, methodLength(compiled.Controller, action.name));
      const { input, output: out } = describeAction(action, shape);
      const def = action.procedureType === 'query' ? 'QueryDef' : 'MutationDef';
      return {
        clientName: action.clientName,
        procedure: action.procedureKey.join('.'),
        type: action.procedureType,
        shape,
        definition: `${def}<'${shape}', ${input}, ${out}>`,
      };
    })
    .sort((a, b) => (a.clientName < b.clientName ? -1 : 1));

  let recordType: string | undefined;
  if (model) {
    const hidden = model.meta.hidden;
    recordType = `RecordJson<${C}, ${union([...hidden])}, ${recordTypeFromColumns(model.meta.columns, hidden)}>`;
  }
  return { name: C, scopes: [...compiled.scopes], recordType, methods };
}
