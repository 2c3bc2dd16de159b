import { ENGINE_DEFAULTS } from './engine-defaults.js';
import { ConfigurationError } from './errors.js';
import { expandAllowedFileTypes } from './file-types.js';
import { DEFAULT_REQUEST_TIMEOUT_MS, MAX_TIMER_MS } from '../upload/request-timeout.js';
import { DEFAULT_RETRY_MAX_DELAY_MS } from '../upload/retry-policy.js';
import { DEFAULT_MAX_IMAGE_PIXELS } from '../processing/image-steps/pixel-budget.js';
import { toBytes } from './sizes.js';
import { resolveUploadOrigins } from '../upload/upload-url.js';
import type { CrashRecoveryOptions, EngineOptions, MultipartResumableOptions, TusResumableOptions, UploadMode } from './types.js';

const MIB = 1024 * 1024;

const DEFAULT_UPLOAD_STALL_TIMEOUT_MS = 30_000;

/** Defaults of the multipart fields (the contract leaves them to the project). */
export const MULTIPART_DEFAULTS: Required<Omit<MultipartResumableOptions, 'protocol'>> = {
  thresholdBytes: 5 * MIB,
  chunkSizeBytes: 8 * MIB,
  persist: true,
  retryDelays: [0, 1000, 3000],
  partTimeoutMs: 30_000,
  // As many as Chromium opens to one host over HTTP/1.1 (and the default maxConnections): through a
  // 40 ms round trip 3 parts in flight reached half the throughput of 6 (docs/performance.md).
  maxConcurrentParts: 6,
  autoResume: true,
  // The handler's default `multipartResumeWindowSeconds`.
  resumeWindowSeconds: 86_400,
};

const CRASH_RECOVERY_DEFAULTS = {
  ttlMs: 24 * 60 * 60 * 1000,
  maxFileBytes: 512 * MIB,
};

/** Where uploads go, decided once from the options. */
type UploadTarget = { kind: 'token-endpoint'; url: string } | { kind: 'handler'; url: string } | { kind: 'none' };

/** Options with defaults applied and derived values computed; rebuilt on every setOptions. */
export interface ResolvedOptions {
  raw: Readonly<EngineOptions>;
  mode: UploadMode;
  target: UploadTarget;
  maxFiles: number;
  allowedTypeTokens: string[];
  maxFileBytes: number;
  minFileBytes: number;
  maxTotalBytes: number;
  maxRetries: number;
  maxConcurrentUploads: number;
  maxConnections: number;
  networkAware: boolean;
  processingTimeout: number;
  workerTimeoutMs: number;
  retryBaseDelayMs: number;
  retryMaxDelayMs: number;
  requestTimeoutMs: number;
  uploadStallTimeoutMs: number;
  /** `allowedUploadOrigins` as normalized origins (`scheme://host[:port]`). */
  allowedUploadOrigins: string[];
  /** True when `retryDelays` is the default list, whose delays then get jitter; a list the host wrote is used as written. */
  partRetryJitter: boolean;
  maxImagePixels: number;
  /** Read by `<svc-uploader>`'s link import; resolved here so a bad value is refused like the other timeouts. */
  urlImportTimeout: number;
  multipart?: Required<Omit<MultipartResumableOptions, 'protocol'>>;
  tus?: TusResumableOptions;
  crashRecovery?: CrashRecoveryOptions & typeof CRASH_RECOVERY_DEFAULTS;
}

function positiveInteger(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new ConfigurationError(`${name} must be a finite number`);
  }
  return Math.max(1, Math.floor(value));
}

/** A timeout or delay option: a positive integer, clamped to what a timer can wait. */
function timerMs(value: number | undefined, fallback: number, name: string): number {
  return Math.min(MAX_TIMER_MS, positiveInteger(value, fallback, name));
}

function nonNegativeInteger(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new ConfigurationError(`${name} must be a non-negative number`);
  }
  return Math.floor(value);
}

function nonNegativeNumber(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new ConfigurationError(`${name} must be a non-negative number`);
  }
  return value;
}

function sizeLimit(options: EngineOptions, name: 'maxFileSize' | 'minFileSize' | 'maxTotalFileSize', fallback: number): number {
  const limit = options[name];
  if (limit === undefined) return fallback;
  try {
    return toBytes(limit);
  } catch (error) {
    throw new ConfigurationError(`${name}: ${(error as Error).message}`);
  }
}

/** Client mode by default; server mode when only `serverUrl` is given (contract rule). */
function resolveMode(options: EngineOptions): UploadMode {
  if (options.mode !== undefined && options.mode !== 'client' && options.mode !== 'server') {
    throw new ConfigurationError(`mode must be 'client' or 'server', got ${String(options.mode)}`);
  }
  if (options.mode) return options.mode;
  return options.serverUrl && !options.uploadEndpoint ? 'server' : 'client';
}

function resolveTarget(options: EngineOptions, mode: UploadMode): UploadTarget {
  if (options.uploadEndpoint && options.serverUrl) {
    throw new ConfigurationError(
      'Both uploadEndpoint and serverUrl are set: choose one upload target (uploadEndpoint for client mode, serverUrl for server mode).',
    );
  }
  if (mode === 'server' && options.uploadEndpoint) {
    throw new ConfigurationError("mode 'server' talks only to serverUrl; uploadEndpoint is a client-mode target.");
  }
  if (options.uploadEndpoint) return { kind: 'token-endpoint', url: options.uploadEndpoint };
  if (options.serverUrl) return { kind: 'handler', url: options.serverUrl.replace(/\/+$/, '') };
  return { kind: 'none' };
}

function resolveResumable(options: EngineOptions, target: UploadTarget): Pick<ResolvedOptions, 'multipart' | 'tus'> {
  const resumable = options.resumable;
  if (!resumable) return {};
  if (resumable.protocol === 'multipart') {
    if (target.kind === 'token-endpoint') {
      throw new ConfigurationError("resumable.protocol 'multipart' runs through the handler's /multipart routes: set serverUrl instead of uploadEndpoint.");
    }
    const merged = { ...MULTIPART_DEFAULTS, ...withoutUndefined(resumable) };
    return {
      multipart: {
        thresholdBytes: nonNegativeInteger(merged.thresholdBytes, MULTIPART_DEFAULTS.thresholdBytes, 'resumable.thresholdBytes'),
        chunkSizeBytes: positiveInteger(merged.chunkSizeBytes, MULTIPART_DEFAULTS.chunkSizeBytes, 'resumable.chunkSizeBytes'),
        persist: merged.persist !== false,
        retryDelays: [...merged.retryDelays].map((delay) => Math.min(MAX_TIMER_MS, Math.max(0, Number(delay) || 0))),
        partTimeoutMs: timerMs(merged.partTimeoutMs, MULTIPART_DEFAULTS.partTimeoutMs, 'resumable.partTimeoutMs'),
        maxConcurrentParts: positiveInteger(merged.maxConcurrentParts, MULTIPART_DEFAULTS.maxConcurrentParts, 'resumable.maxConcurrentParts'),
        autoResume: merged.autoResume !== false,
        resumeWindowSeconds: nonNegativeNumber(merged.resumeWindowSeconds, MULTIPART_DEFAULTS.resumeWindowSeconds, 'resumable.resumeWindowSeconds'),
      },
    };
  }
  if (resumable.protocol === 'tus') {
    if (!resumable.endpoint) throw new ConfigurationError("resumable.protocol 'tus' requires resumable.endpoint");
    nonNegativeNumber(resumable.resumeWindowSeconds, 0, 'resumable.resumeWindowSeconds');
    return { tus: resumable };
  }
  throw new ConfigurationError(`Unknown resumable.protocol: ${String((resumable as { protocol: unknown }).protocol)}`);
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}

/** Applies defaults and checks that the options can work together; throws ConfigurationError. */
export function resolveOptions(options: EngineOptions): ResolvedOptions {
  const mode = resolveMode(options);
  const target = resolveTarget(options, mode);
  if (options.isSuccessfulCall !== undefined && typeof options.isSuccessfulCall !== 'function') {
    throw new ConfigurationError('isSuccessfulCall must be a function');
  }
  for (const name of ['persistenceKey', 'uploaderId'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'string') throw new ConfigurationError(`${name} must be a string`);
  }
  if (options.checksumAlgorithm !== undefined && !['CRC32', 'CRC32C', 'SHA256'].includes(options.checksumAlgorithm)) {
    throw new ConfigurationError(`checksumAlgorithm must be 'CRC32', 'CRC32C' or 'SHA256', got ${String(options.checksumAlgorithm)}`);
  }
  const requestedMaxFiles = options.maxFiles ?? ENGINE_DEFAULTS.maxFiles;
  const crashRecovery = options.crashRecovery
    ? { ...CRASH_RECOVERY_DEFAULTS, ...(typeof options.crashRecovery === 'object' ? withoutUndefined(options.crashRecovery) : {}) }
    : undefined;
  return {
    raw: options,
    mode,
    target,
    // Values below 1 clamp to 1, and the compact layout forces a single file.
    maxFiles: options.mini ? 1 : Math.max(1, Math.floor(Number(requestedMaxFiles) || 1)),
    allowedTypeTokens: expandAllowedFileTypes(options.allowedFileTypes),
    maxFileBytes: sizeLimit(options, 'maxFileSize', toBytes(ENGINE_DEFAULTS.maxFileSize)),
    minFileBytes: sizeLimit(options, 'minFileSize', 0),
    maxTotalBytes: sizeLimit(options, 'maxTotalFileSize', Number.POSITIVE_INFINITY),
    maxRetries: nonNegativeInteger(options.maxRetries, ENGINE_DEFAULTS.maxRetries, 'maxRetries'),
    maxConcurrentUploads: positiveInteger(options.maxConcurrentUploads, ENGINE_DEFAULTS.maxConcurrentUploads, 'maxConcurrentUploads'),
    maxConnections: positiveInteger(options.maxConnections, 6, 'maxConnections'),
    networkAware: options.networkAware === undefined ? ENGINE_DEFAULTS.networkAware : options.networkAware !== false,
    processingTimeout: timerMs(options.processingTimeout, ENGINE_DEFAULTS.processingTimeout, 'processingTimeout'),
    workerTimeoutMs: timerMs(options.workerTimeoutMs, 30_000, 'workerTimeoutMs'),
    retryBaseDelayMs: Math.min(MAX_TIMER_MS, nonNegativeInteger(options.retryBaseDelayMs, 1000, 'retryBaseDelayMs')),
    retryMaxDelayMs: Math.min(MAX_TIMER_MS, nonNegativeInteger(options.retryMaxDelayMs, DEFAULT_RETRY_MAX_DELAY_MS, 'retryMaxDelayMs')),
    requestTimeoutMs: timerMs(options.requestTimeoutMs, DEFAULT_REQUEST_TIMEOUT_MS, 'requestTimeoutMs'),
    uploadStallTimeoutMs: timerMs(options.uploadStallTimeoutMs, DEFAULT_UPLOAD_STALL_TIMEOUT_MS, 'uploadStallTimeoutMs'),
    allowedUploadOrigins: resolveUploadOrigins(options.allowedUploadOrigins),
    partRetryJitter: options.resumable?.protocol === 'multipart' && options.resumable.retryDelays === undefined,
    maxImagePixels: positiveInteger(options.maxImagePixels, DEFAULT_MAX_IMAGE_PIXELS, 'maxImagePixels'),
    urlImportTimeout: timerMs(options.urlImportTimeout, ENGINE_DEFAULTS.urlImportTimeout, 'urlImportTimeout'),
    ...resolveResumable(options, target),
    crashRecovery,
  };
}
