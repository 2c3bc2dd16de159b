/**
 * `svc-uploader/server`: the upload handler for S3-compatible storage and its companions.
 * This list is the public API; everything under `internal/` may change.
 */
export { createUploadHandler } from './create-upload-handler.js';
export {
  applyIncompleteUploadLifecycleRule,
  createIncompleteUploadLifecycleRule,
  type IncompleteUploadLifecycleOptions,
} from './incomplete-upload-lifecycle.js';
export { confirmUpload, type ConfirmedUpload, type ConfirmUploadParams } from './confirm-upload.js';
export { deleteUnconfirmedUploads, type UnconfirmedUploadsOptions, type UnconfirmedUploadsResult } from './unconfirmed-uploads.js';
export { getDownloadUrl, type DownloadUrlConfig, type DownloadUrlOptions } from './download-url.js';
export {
  s3GeneratePresignedUrl,
  type FileParams,
  type S3ClientConfigParams,
  type S3GeneratePresignedUrlParams,
  type S3PresignedUrlResult,
} from './presign-utility.js';
export { createFailureLog, type FailureLogger } from './failure-log.js';
export type {
  HandlerObserver,
  ObservedRequest,
  ProviderCallResult,
  ProviderOperation,
  RequestObserver,
  RequestResult,
  SignInEvent,
  StorageCallResult,
  TransferSlotEvent,
  UploadEvent,
  UploadOutcome,
  UploadPath,
} from './observers.js';
export { isUpupError, UpupError, UpupErrorCode, type UpupErrorOptions, type UploadTokenErrorCode } from './errors.js';
export type {
  AuthGateContext,
  BeforeUploadContext,
  CompleteUploadRequest,
  CompleteUploadResponse,
  CompletionConfig,
  CorsConfig,
  FailureBody,
  HealthConfig,
  HealthResponse,
  KeyStrategy,
  KeyStrategyContext,
  MultipartAbortResponse,
  MultipartCompleteResponse,
  MultipartInitResponse,
  MultipartResumeResponse,
  MultipartSignPartResponse,
  PresignedUrlResponse,
  PresignResponseContext,
  PresignResponsePayload,
  PresignResponsePhase,
  StorageConfig,
  StorageCredentials,
  StorageResolver,
  StorageResolverContext,
  UploadedFileEvent,
  UploadedPart,
  UploadErrorRecord,
  UploadFileInfo,
  UploadHandler,
  UploadHandlerConfig,
  UploadHooks,
  UploadSource,
  UploadStartPhase,
  UploadVerdict,
  VerifyUploadContext,
} from './types.js';
export type {
  DriveProviderCredentials,
  DriveProviderId,
  DriveProviderSlug,
  DriveProvidersConfig,
  DriveRouteOptions,
  DriveTokenStore,
  OneDriveCredentials,
  StoredDriveTokens,
  TokenStore,
} from './drives/types.js';
export { createMemoryTokenStore } from './drives/stores/memory-token-store.js';
export { createUnstorageTokenStore, type UnstorageLike, type UnstorageTokenStoreOptions } from './drives/stores/unstorage-token-store.js';
