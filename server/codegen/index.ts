/**
 * The framework's code generator, run by the app's `npm run gen`
 * (scripts/gen.ts): the typed client file, the per-controller client exports
 * and the OpenAPI types, all read from the compiled controllers. Build-time
 * only: `@/server` does not export it (openapi-typescript stays out of the
 * server bundle).
 */
export { columnType, quote, recordTypeFromColumns } from './columnType';
export { type ControllerDescription, describeController, type MethodDescription } from './describeController';
export { describeSlots, type SlotDescription } from './describeSlots';
export { renderBrowserClients, renderServerClients } from './renderClientExports';
export { renderClientFile } from './renderClientFile';
export { renderOpenApiTypes } from './renderOpenApiTypes';
