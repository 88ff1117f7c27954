export { ActiveController } from './ActiveController';
export { ACTION_KINDS, type ActionKindSpec, type InputShape, type KindAnswers, type KindReads } from './actionKinds';
export type { ControllerParams } from './ControllerParams';
export {
  type CompiledAction,
  type CompiledController,
  type ControllerClass,
  compileController,
} from './compileController';
export {
  action,
  after,
  allowAnonymous,
  apiDoc,
  before,
  type ControllerOfModel,
  controller,
  crud,
  mutation,
  type ResourceDecorator,
  rescue,
  scope,
  singleton,
} from './decorators';
export { type ContextDecorators, decoratorsFor } from './decoratorsFor';
export { type AuthorizeScope, dispatch, type GuardTarget } from './dispatch';
export {
  AppError,
  BadRequest,
  Conflict,
  type ErrorCode,
  type ErrorMapper,
  type FieldErrors,
  Forbidden,
  NotFound,
  registerErrorMapper,
  ServiceUnavailable,
  STATUS_BY_CODE,
  TooManyRequests,
  toAppError,
  toValidationError,
  Unauthorized,
} from './errors';
export type {
  ActionDocs,
  ActionOptions,
  ControllerDocs,
  CrudConfig,
  HookOptions,
  MutationOptions,
  SingletonConfig,
} from './metadata';
export { clientName, inferResourcePath } from './naming';
/** The wire form of an action's result (records' toJSON, Dates as ISO strings): what REST and tRPC answer. */
export { serialize } from './serialize';
export type { ModelLike, RecordLike, RelationLike } from './types';
export { NEVER_WRITABLE } from './writeRules';
