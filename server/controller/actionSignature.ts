/**
 * The method signature an `@action` or `@mutation` declaration implies, so
 * tsc checks the method against its own decorator: the declared `input`
 * schema types the method's input parameter, and the declared `output`
 * (a zod schema, or `'record'`) types what it returns. A method reading
 * `{ nme: number }` under `input: z.object({ name: z.string() })` does not
 * compile, as in tRPC's `.input(schema).mutation(({ input }) => ...)`.
 *
 * Arguments follow dispatch (server/controller/dispatch.ts):
 *   action            (input)            or, with `load`, (record, input)
 *   mutation          (record)
 *   bulk mutation     (records)          or, with `records: false`, (ids)
 * The record's own type comes from the method (it is typed `never` here, so
 * any model class fits); input is the parsed schema's type.
 */
import type { z } from 'zod';
import type { ActionOptions, InputParser, MutationOptions } from './metadata';

type Awaitable<T> = T | Promise<T>;

/** What a parser's successful `safeParse` holds. */
export type ParsedBy<P> = P extends InputParser<infer T> ? T : never;

/**
 * The action's input: its parsed schema. Without a schema the method's own parameter type is the
 * declaration (the typed client reads it; nothing validates it at run time), so any type fits.
 */
export type ActionInput<O extends ActionOptions> = O['input'] extends InputParser ? ParsedBy<O['input']> : never;

/** A value that serialises to `T` on the wire: Dates become ISO strings (server/controller/serialize.ts). */
export type Serialising<T> = T extends string
  ? T | Date
  : T extends readonly (infer E)[]
    ? readonly Serialising<E>[]
    : T extends object
      ? { [K in keyof T]: Serialising<T[K]> }
      : T;

/** What the method may return: what serialises to the output schema, any record for `'record'`, else anything. */
export type ActionOutput<O extends { output?: unknown }> = O['output'] extends z.ZodType
  ? Serialising<z.output<O['output']>>
  : O['output'] extends 'record'
    ? object
    : unknown;

export type ActionMethod<O extends ActionOptions> = O['load'] extends true
  ? (record: never, input: ActionInput<O>) => Awaitable<ActionOutput<O>>
  : (input: ActionInput<O>) => Awaitable<ActionOutput<O>>;

export type MutationMethod<O extends MutationOptions> = O['bulk'] extends true
  ? O['records'] extends false
    ? (ids: number[]) => Awaitable<ActionOutput<O>>
    : (records: never[]) => Awaitable<ActionOutput<O>>
  : (record: never) => Awaitable<ActionOutput<O>>;

/** A legacy method decorator that accepts only methods of signature `F`. */
export type MethodDecoratorFor<F> = <M extends F>(
  target: object,
  key: string | symbol,
  descriptor: TypedPropertyDescriptor<M>,
) => void;
