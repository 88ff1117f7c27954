/**
 * `Controller.with(scope)`: one plain async function per client name, over
 * any procedure caller (a vanilla tRPC client in the browser or a script, a
 * server-side caller in server components). Failures reject with a ClientError.
 */
import { buildInput, type ScopeParams } from './buildInput';
import { toClientError } from './ClientError';
import type { ProcedureCaller } from './clientTypes';
import type { ControllerManifest } from './manifest';

export type PlainFunctions = Record<string, (...args: unknown[]) => Promise<unknown>>;

export function withClient(manifest: ControllerManifest, scope: ScopeParams, caller: ProcedureCaller): PlainFunctions {
  const functions: PlainFunctions = {};
  for (const [clientName, [path, type, shape]] of Object.entries(manifest.methods)) {
    functions[clientName] = async (...args) => {
      try {
        return await caller[type](path, buildInput(shape, scope, args));
      } catch (error) {
        throw toClientError(error);
      }
    };
  }
  return functions;
}
