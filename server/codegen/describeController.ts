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
  type KindAnswers,
  type KindReads,
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

  /** The TypeScript source of an action's input and output types, rendered from its kind's reads / answers (ACTION_KINDS). */
  const describeAction = (action: CompiledAction, shape: InputShape): { input: string; output: string } => {
    const crud = resource?.kind === 'crud' ? resource.config : undefined;
    const single = resource?.kind === 'singleton' ? resource.config : undefined;
    const kind = ACTION_KINDS[action.kind];
    const index = crud?.index ?? {};
    const inputs: Record<KindReads, () => string> = {
      indexQuery: () =>
        `IndexOptions<${union(index.sortable ?? [])}, PickKnown<${Rec}, ${union(index.filterable ?? [])}>, ${union(index.scopes ?? [])}, ${union(index.paramScopes ?? [])}>`,
      createData: () => data(crud?.create?.permit, Object.keys(crud?.create?.autoSet ?? {})),
      updateData: () => data(crud?.update?.permit),
      singletonData: () => data(single?.update?.permit),
      ids: () => 'undefined',
      declaredInput: () =>
        shape === 'idInput'
          ? `LoadInput<${C}, '${action.name}'>`
          : shape === 'input'
            ? `ActionInput<${C}, '${action.name}'>`
            : 'undefined',
      nothing: () => 'undefined',
    };
    const answers: Record<KindAnswers, () => string> = {
      page: () => `IndexPage<${withIncludes(index.include)}>`,
      recordWithIncludes: () => withIncludes(crud?.get?.include),
      record: () => Rec,
      success: () => '{ success: true }',
      singletonOrNull: () => `${withIncludes(single?.get?.include)} | null`,
      declared: () => output(action.name),
    };
    // A method overriding a default action answers what it returns.
    const own = action.hasMethod ? output(action.name) : undefined;
    return { input: inputs[kind.reads](), output: own ?? answers[kind.answers]() };
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
    const computed = model.meta.computedOf(model);
    recordType = `RecordJson<${C}, ${union([...hidden])}, ${recordTypeFromColumns(model.meta.columns, hidden, computed)}>`;
  }
  return { name: C, scopes: [...compiled.scopes], recordType, methods };
}
