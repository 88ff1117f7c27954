/**
 * The shape of the generated manifest (`controllers/client.gen.ts`): for
 * every controller, its scope params and, per client name, the tRPC procedure
 * it calls and how the call's arguments become the procedure's flat input.
 *
 * Written by `npm run gen` (scripts/gen.ts); never edit a manifest by hand.
 */

/**
 * How a client call's arguments map onto the flat tRPC input (scope params
 * are always added):
 *
 * | shape     | call                      | input sent                     |
 * |-----------|---------------------------|--------------------------------|
 * | `none`    | `f()`                     | `{...scope}`                   |
 * | `index`   | `f({page, sort, ...})`    | `{...options, ...scope}`       |
 * | `id`      | `f(id)`                   | `{id, ...scope}`               |
 * | `ids`     | `f([1, 2])`               | `{ids, ...scope}`              |
 * | `data`    | `f(data)`                 | `{data, ...scope}`             |
 * | `idData`  | `f(id, data)`             | `{id, data, ...scope}`         |
 * | `input`   | `f(input)`                | `{...input, ...scope}`         |
 * | `idInput` | `f({id, ...input})`       | `{...input, id, ...scope}`     |
 *
 * A mutation hook's `mutate(variables)` takes the same single argument,
 * except `idData`, whose variables are `{id, data}`.
 */
// One definition with the kinds that use it (server/controller/actionKinds.ts); erased in the bundle.
export type { InputShape } from '../controller/actionKinds';

import type { InputShape } from '../controller/actionKinds';

export type ProcedureType = 'query' | 'mutation';

/** `[procedure path ('orgs.projects.publish'), procedure type, input shape]`. */
export type ManifestMethod = readonly [procedure: string, type: ProcedureType, shape: InputShape];

export interface ControllerManifest {
  /** Scope params, outermost first (`['teamId']`). */
  readonly scopes: readonly string[];
  /** Client name -> procedure. */
  readonly methods: { readonly [clientName: string]: ManifestMethod };
}

export type ClientManifest = { readonly [controllerName: string]: ControllerManifest };
