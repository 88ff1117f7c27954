export { apiRoute, type EdgeRoute, type RouteHandler, type RouteMethod, serveAtEdge } from './apiRoute';
export { type BuiltRouter, buildRouter, type ControllerRouter, mergeRouters, type RouteRecord } from './buildRouter';
export { type ApiHandlerOptions, createApiHandler } from './createApiHandler';
export { assertSameOrigin, requestOrigin } from './csrf';
export { errorResponse, jsonResponse, reportError } from './errorResponse';
export { readJsonBody } from './readJsonBody';
export { refuseTraceMethods } from './refuseTraceMethods';
export { attachScopeGuard } from './scopeGuards';
export { baseProcedure, type ErrorData, type ProcedureBuilder, t } from './trpc';
export {
  forwardingVerified,
  parseTrustProxy,
  plainAddress,
  resolveClientAddress,
  type TrustProxy,
  trustForwardedHeaders,
} from './trustProxy';
export { withRequestId } from './withRequestId';
