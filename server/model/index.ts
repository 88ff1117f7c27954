export type { Association, AssociationShape, Associations } from './Association';
export { type BelongsTo, type BelongsToOptions, belongsTo } from './belongsTo';
export { type ConnectedDatabase, connectDatabase } from './connectDatabase';
export { afterCommit, afterRollback, type Database, db, registerDatabase, transaction } from './connection';
export { pgErrorOf, translateConstraintError } from './constraintErrors';
export { containsText } from './containsText';
export { looksLikeCredential } from './credentialColumns';
export type { AttributeName, IncludeName, ScopeName } from './declaredNames';
export { type HasMany, type HasManyOptions, hasMany, hasOne } from './hasMany';
export type { ModelHooks } from './hooks';
export { DEFAULT_MAX_PREPARED_STATEMENTS, limitPreparedStatements } from './limitPreparedStatements';
export {
  type ComputedValues,
  type computedValues,
  type DeclaredModel,
  Model,
  type Record_ as ModelRecord,
} from './Model';
export { ModelBase } from './ModelBase';
export type { AttributesOf, InstanceOf, ModelClass } from './ModelClass';
export { modelNameFromTable, RESERVED_ATTRIBUTES } from './ModelMeta';
export type { ConstraintMessage, ModelOptions, ScopeFn } from './ModelOptions';
export { declaredModels, type ModelPlugin, registerModelPlugin } from './modelPlugins';
export { countQueries, queryLogger } from './queryCounter';
export { RecordNotFound } from './RecordNotFound';
export type { Relation } from './Relation';
export { runPrepared } from './runPrepared';
export { preparedStatement, statementsFor } from './statementCache';
export { keepReferencesInTenant } from './tenantReferences';
export { traceStatements } from './traceStatements';
export type {
  FieldErrors as ModelErrors,
  JsonObject,
  OrderField,
  OrderSpec,
  Page,
  PaginateOptions,
  Pagination,
  SortDirection,
  WhereConditions,
} from './types';
export { DEFAULT_COUNT_LIMIT } from './types';
