/**
 * Checks the handler configuration once, at construction, with messages that name the option,
 * and derives what every request needs (token codec, normalized CORS, limits).
 */
import { assertDriveConfig } from '../drives/config.js';
import { createConfigError } from '../errors.js';
import type { HandlerObserver } from '../observers.js';
import type { StorageConfig, StorageResolver, UploadHandlerConfig, UploadHooks } from '../types.js';
import { normalizeCors, type NormalizedCors } from './cors.js';
import { DEFAULT_REQUEST_BODY_TIMEOUT_MS } from './request-body.js';
import { readPublicUrl } from './request-origin.js';
import { assertS3StorageShape } from './storage-config.js';
import { readStoredObjectHeaders, type StoredObjectHeaders } from './stored-object-headers.js';
import { readCompletionSettings, type CompletionSettings } from './completion/completion-settings.js';
import { createCompletionTokenCodec, type CompletionTokenCodec } from './completion-token.js';
import { createUploadTokenCodec, type UploadTokenCodec } from './upload-token.js';
import { readUploadTokenSecrets, type UploadTokenSecrets } from './upload-token-secrets.js';

export const DEFAULT_RESUME_WINDOW_SECONDS = 86_400;
export const DEFAULT_DOWNLOAD_URL_EXPIRES_IN = 3 * 86_400;
/** SigV4 presigned URLs live at most seven days. */
const MAX_PRESIGN_EXPIRES_IN = 7 * 86_400;

type StorageSource = { kind: 'static'; storage: StorageConfig } | { kind: 'resolver'; resolve: StorageResolver };

export interface HandlerSettings {
  /** The configuration as the host wrote it. */
  config: UploadHandlerConfig;
  storage: StorageSource;
  /** Absent when `uploadTokenSecret` is missing or shorter than 16 characters (health says `incomplete`). */
  tokenCodec: UploadTokenCodec | undefined;
  /** The usable upload-token secrets, the signing one first; absent like `tokenCodec`. */
  tokenSecrets: UploadTokenSecrets | undefined;
  resumeWindowSeconds: number;
  downloadUrlExpiresIn: number;
  /** Signed into every single PUT URL. */
  storedObjectHeaders: StoredObjectHeaders;
  maxFileSize: number | undefined;
  allowedTypes: readonly string[] | undefined;
  cors: NormalizedCors | undefined;
  /** The origin of `publicUrl`; undefined when not configured. */
  publicOrigin: string | undefined;
  /** Read the public origin from `Forwarded` / `X-Forwarded-Proto` / `X-Forwarded-Host`. */
  trustProxy: boolean;
  /** Milliseconds a client has to send a whole request body (408 after). */
  requestBodyTimeoutMs: number;
  hooks: UploadHooks;
  /** Signs and checks the completion tokens of single uploads; absent like `tokenCodec`. */
  completionCodec: CompletionTokenCodec | undefined;
  completion: CompletionSettings;
  /** Metrics, traces and logs; empty when nothing observes the handler. */
  observers: readonly HandlerObserver[];
}

const HOOK_NAMES = ['onBeforeUpload', 'verifyUpload', 'onFileUploaded', 'onUploadComplete', 'onPresignResponse', 'onError'] as const;

function assertOptionalFunction(value: unknown, name: string): void {
  if (value !== undefined && typeof value !== 'function') throw createConfigError(`${name} must be a function`);
}

function assertOptionalBoolean(value: unknown, name: string): void {
  if (value !== undefined && typeof value !== 'boolean') throw createConfigError(`${name} must be a boolean`);
}

function readResumeWindow(value: unknown): number {
  if (value === undefined) return DEFAULT_RESUME_WINDOW_SECONDS;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw createConfigError(`multipartResumeWindowSeconds must be a whole number of seconds >= 0 (0 disables resume); got ${String(value)}`);
  }
  return value;
}

function readDownloadExpiry(value: unknown): number {
  if (value === undefined) return DEFAULT_DOWNLOAD_URL_EXPIRES_IN;
  assertPresignExpiry(value, 'downloadUrlExpiresIn');
  return value;
}

/** Presigned URL lifetimes: whole seconds from 1 to 7 days (the SigV4 ceiling). */
export function assertPresignExpiry(value: unknown, name: string): asserts value is number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > MAX_PRESIGN_EXPIRES_IN) {
    throw createConfigError(`${name} must be a whole number of seconds from 1 to ${MAX_PRESIGN_EXPIRES_IN}; got ${String(value)}`);
  }
}

function readRequestBodyTimeout(value: unknown): number {
  if (value === undefined) return DEFAULT_REQUEST_BODY_TIMEOUT_MS;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw createConfigError(`requestBodyTimeoutMs must be a whole number of milliseconds >= 1; got ${String(value)}`);
  }
  return value;
}

function readMaxFileSize(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
    throw createConfigError(`maxFileSize must be a number of bytes >= 0; got ${String(value)}`);
  }
  return value;
}

function readAllowedTypes(value: unknown): readonly string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string')) {
    throw createConfigError('allowedTypes must be an array of MIME types or family patterns such as "image/*"');
  }
  return value.map((entry: string) => entry.trim().toLowerCase()).filter((entry) => entry !== '');
}

function readObservers(value: unknown): readonly HandlerObserver[] {
  if (value === undefined) return [];
  const valid = Array.isArray(value) && value.every((entry) => typeof (entry as Partial<HandlerObserver> | null)?.observeRequest === 'function');
  if (!valid) throw createConfigError('observers must be an array of observers (objects with an observeRequest function)');
  return [...(value as HandlerObserver[])];
}

function readStorage(value: unknown): StorageSource {
  if (value === undefined || value === null) throw createConfigError('storage is required: an S3-compatible bucket or a resolver function');
  if (typeof value === 'function') return { kind: 'resolver', resolve: value as StorageResolver };
  assertS3StorageShape(value);
  return { kind: 'static', storage: value };
}

function assertDriveIdentity(config: UploadHandlerConfig): void {
  const wantsDrives = config.providers !== undefined || config.tokenStore !== undefined;
  if (wantsDrives && !config.getUserId && config.allowAnonymous !== true) {
    throw createConfigError(
      'providers and tokenStore need getUserId, so drive tokens are stored per user; set allowAnonymous: true to let every caller share one anonymous drive namespace',
    );
  }
  if (config.providers !== undefined && (typeof config.providers !== 'object' || config.providers === null)) {
    throw createConfigError('providers must be an object keyed by googleDrive, oneDrive, dropbox, box');
  }
}

export function resolveHandlerSettings(config: UploadHandlerConfig): HandlerSettings {
  if (typeof config !== 'object' || config === null) throw createConfigError('createUploadHandler needs a configuration object');
  const storage = readStorage(config.storage);
  const tokenSecrets = readUploadTokenSecrets(config.uploadTokenSecret);
  assertOptionalFunction(config.auth, 'auth');
  assertOptionalFunction(config.getUserId, 'getUserId');
  assertOptionalFunction(config.keyStrategy, 'keyStrategy');
  assertOptionalBoolean(config.allowAnonymousUploads, 'allowAnonymousUploads');
  assertOptionalBoolean(config.allowAnonymous, 'allowAnonymous');
  assertOptionalBoolean(config.trustProxy, 'trustProxy');
  const hooks = config.hooks ?? {};
  if (typeof hooks !== 'object' || hooks === null) throw createConfigError('hooks must be an object');
  for (const name of HOOK_NAMES) assertOptionalFunction(hooks[name], `hooks.${name}`);
  assertDriveIdentity(config);
  assertDriveConfig(config);

  return {
    config,
    storage,
    tokenCodec: tokenSecrets ? createUploadTokenCodec(tokenSecrets) : undefined,
    tokenSecrets,
    resumeWindowSeconds: readResumeWindow(config.multipartResumeWindowSeconds),
    downloadUrlExpiresIn: readDownloadExpiry(config.downloadUrlExpiresIn),
    storedObjectHeaders: readStoredObjectHeaders(config.storedObjectHeaders),
    maxFileSize: readMaxFileSize(config.maxFileSize),
    allowedTypes: readAllowedTypes(config.allowedTypes),
    cors: config.cors === undefined ? undefined : normalizeCors(config.cors),
    publicOrigin: readPublicUrl(config.publicUrl),
    trustProxy: config.trustProxy === true,
    requestBodyTimeoutMs: readRequestBodyTimeout(config.requestBodyTimeoutMs),
    hooks,
    completionCodec: tokenSecrets ? createCompletionTokenCodec(tokenSecrets) : undefined,
    completion: readCompletionSettings(config.completion),
    observers: readObservers(config.observers),
  };
}
