/**
 * Browser-safe runtime of the typed controller clients (docs/typed-client.md). Pages import the app's clients from
 * `@/controllers/browser`; this barrel is for that file, controllers/serverComponents.ts,
 * app/providers.tsx and the generated types. Nothing here imports database,
 * storage or controller code (only types).
 */

// Rules shared with the server (MIME matching, byte units, the int4 bound): browser-safe.
export * from '../shared';
export type {
  ActionInput,
  ActionOutput,
  ControllerApi,
  IndexOptions,
  LoadInput,
  MethodDef,
  MutationDef,
  PickKnown,
  QueryDef,
  SortSpec,
} from './apiTypes';
export { buildInput, pickScope, type ScopeParams } from './buildInput';
export { ClientError, type ClientErrorCode, isClientError, toClientError } from './ClientError';
export type {
  CallArgs,
  ControllerClient,
  ControllerClients,
  MutationHook,
  MutationVariables,
  ProcedureCaller,
  QueryHook,
  UseClient,
  WithClient,
  WithOptions,
} from './clientTypes';
export { createControllerClients } from './createControllerClients';
export {
  createHydrateClient,
  createServerClients,
  type ServerClientOptions,
  type ServerControllerClient,
  type ServerControllerClients,
} from './createServerClients';
export { CLIENT_CHECKSUM_MAX_BYTES, fileSha256 } from './fileSha256';
export type { IndexPage, JsonObjectOf, JsonRecord, RecordJson, RecordOf, Serialized, Simplify } from './jsonTypes';
export type { ClientManifest, ControllerManifest, InputShape, ManifestMethod, ProcedureType } from './manifest';
export { type CallerOptions, configureClient, createProcedureCaller, defaultCaller, trpcUrl } from './procedureCaller';
export { type CreateRequest, putFile, UploadAbortedError } from './putFile';
export { makeQueryClient, type QueryClientOptions, shouldRetry } from './queryClient';
export { type RememberedUpload, rememberedUploads, resumeKey, type UploadMemory } from './resumableUploads';
export type { AppRootTypes, ProcedureInput, ProcedureOf, TrpcErrorData, TypedRouter } from './routerTypes';
export { createRateMeter, secondsLeft } from './transferRate';
export { TRPCProvider, type TRPCProviderProps, useTRPC } from './trpcContext';
export { isActive, isCancellable, type UploadItem } from './UploadItem';
export {
  goesInParts,
  MULTIPART_THRESHOLD,
  type PresignedUpload,
  type UploadCallbacks,
  type UploadStage,
  type UploadSteps,
  uploadFile,
} from './uploadFile';
export {
  type MultipartOptions,
  type MultipartSteps,
  type PutPart,
  UPLOAD_PAUSED,
  UploadPausedError,
  uploadMultipart,
} from './uploadMultipart';
export { fileProblem, type UploadRules } from './uploadRules';
export { type UseUpload, type UseUploadOptions, useUpload } from './useUpload';
