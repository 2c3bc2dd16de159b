/**
 * `s3GeneratePresignedUrl`: presigned upload URLs for a token endpoint the host writes itself
 * (the uploader's client mode). It validates the file against the uploader's own limits, makes a
 * UUID key, and can add the caller's origin to the bucket's CORS rules for local development.
 */
import { createConfigError, UpupError, UpupErrorCode } from './errors.js';
import { ensureBucketCorsAllows } from './internal/bucket-cors.js';
import { COMPLETION_TOKEN_TTL_SECONDS, createCompletionTokenCodec, createSingleUploadId, type CompletionTokenCodec } from './internal/completion-token.js';
import { isTypeAllowed, MAX_FILE_NAME_LENGTH } from './internal/file-policy.js';
import { normalizeMimeType } from './internal/mime-type.js';
import { sanitizeFileName } from './internal/object-key.js';
import { presignGetObject, presignPutObject, UPLOAD_URL_EXPIRES_IN } from './internal/s3-operations.js';
import { assertPresignExpiry } from './internal/settings.js';
import { assertUsableStorage, getS3Client } from './internal/storage-config.js';
import { nowInSeconds } from './internal/upload-token.js';
import { readUploadTokenSecrets } from './internal/upload-token-secrets.js';

export interface FileParams {
  name: string;
  /** MIME type. */
  type: string;
  /** Bytes. */
  size: number;
  /** The uploader's accept list: MIME types, `family/*` patterns and `.ext` extensions, comma separated. */
  accept?: string;
  /** Bytes. */
  maxFileSize?: number;
  multiple?: boolean;
}

export interface S3ClientConfigParams {
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Only for non-AWS providers; must be https (plain http only on loopback, for local development). */
  endpoint?: string;
  forcePathStyle?: boolean;
}

export interface S3GeneratePresignedUrlParams {
  bucketName: string;
  /** Seconds; default 3600. */
  expiresIn?: number;
  fileParams: FileParams;
  /** The client application's origin, added to the bucket CORS rules when `enableAutoCorsConfig` is set. */
  origin: string;
  /** The storage provider label the client sent (`aws`, `backblaze`, ...). */
  provider: string;
  /** Client data; accepted for the host's own use and not read here. */
  customProps?: Record<string, unknown>;
  /** Adds a CORS rule for `origin` to the bucket. It changes the bucket policy: meant for local development. */
  enableAutoCorsConfig?: boolean;
  s3ClientConfig: S3ClientConfigParams;
  /**
   * A server secret (at least 16 characters, or a rotation list like `uploadTokenSecret`). When
   * set, the result carries a `completionToken` that `confirmUpload` checks after the PUT.
   */
  completionSecret?: string | readonly string[];
}

export interface S3PresignedUrlResult {
  key: string;
  /** A signed GET URL, valid as long as the upload URL. */
  publicUrl: string;
  uploadUrl: string;
  expiresIn: number;
  /** With `completionSecret`: hand it to the client, and take it back in your confirm endpoint for `confirmUpload`. */
  completionToken?: string;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The codec of `completionSecret`, checked like `uploadTokenSecret` (a short single string is an error here). */
export function readCompletionSecret(value: unknown): CompletionTokenCodec | undefined {
  if (value === undefined) return undefined;
  const secrets = readUploadTokenSecrets(value);
  if (!secrets) throw createConfigError('completionSecret must be a string of at least 16 characters or a non-empty list of them');
  return createCompletionTokenCodec(secrets);
}

function assertHttpsEndpoint(endpoint: string | undefined): void {
  if (endpoint === undefined) return;
  if (!URL.canParse(endpoint)) throw createConfigError(`s3ClientConfig.endpoint must be an absolute https URL (got "${endpoint}")`);
  const url = new URL(endpoint);
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return;
  throw createConfigError(`s3ClientConfig.endpoint must use https (got "${endpoint}")`);
}

function readOrigin(origin: unknown): string {
  if (typeof origin !== 'string' || !URL.canParse(origin))
    throw createConfigError('origin must be the client application origin, e.g. "https://app.example.com"');
  const url = new URL(origin);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw createConfigError('origin must be an http(s) origin');
  return url.origin;
}

function matchesAccept(file: FileParams, accept: string | undefined): boolean {
  const tokens = (accept ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);
  if (tokens.length === 0 || tokens.includes('*') || tokens.includes('*/*')) return true;
  const name = file.name.toLowerCase();
  return tokens.some((token) => (token.startsWith('.') ? name.endsWith(token) : isTypeAllowed(file.type, [token])));
}

function assertFileParams(file: unknown): asserts file is FileParams {
  const candidate = file as Partial<FileParams> | undefined;
  const valid =
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.name === 'string' &&
    candidate.name.length <= MAX_FILE_NAME_LENGTH &&
    candidate.name.trim() !== '' &&
    // Signed as given (the browser sends its own File.type), so it must be exactly one MIME type.
    typeof candidate.type === 'string' &&
    normalizeMimeType(candidate.type) !== undefined &&
    typeof candidate.size === 'number' &&
    Number.isSafeInteger(candidate.size) &&
    candidate.size >= 0;
  if (!valid) throw new UpupError('Invalid file metadata', UpupErrorCode.BAD_REQUEST, { status: 400 });
}

/** Storage for the utilities, from the same parameters `s3GeneratePresignedUrl` takes; checked. */
export function toUtilityStorage(params: Pick<S3GeneratePresignedUrlParams, 'bucketName' | 'provider' | 's3ClientConfig'>) {
  if (typeof params.provider !== 'string' || params.provider === '') throw createConfigError('provider is required, e.g. "aws"');
  const storage = { type: params.provider, bucket: params.bucketName, ...params.s3ClientConfig };
  assertUsableStorage(storage, 's3ClientConfig');
  if (!params.s3ClientConfig.credentials) throw createConfigError('s3ClientConfig.credentials is required');
  assertHttpsEndpoint(params.s3ClientConfig.endpoint);
  return storage;
}

export async function s3GeneratePresignedUrl(params: S3GeneratePresignedUrlParams): Promise<S3PresignedUrlResult> {
  const { bucketName, fileParams } = params;
  const expiresIn = params.expiresIn ?? UPLOAD_URL_EXPIRES_IN;
  assertPresignExpiry(expiresIn, 'expiresIn');
  const storage = toUtilityStorage(params);
  const completionCodec = readCompletionSecret(params.completionSecret);
  const origin = readOrigin(params.origin);

  assertFileParams(fileParams);
  if (fileParams.maxFileSize !== undefined && fileParams.size > fileParams.maxFileSize) {
    throw new UpupError('File too large', UpupErrorCode.FILE_TOO_LARGE, { status: 413 });
  }
  if (!matchesAccept(fileParams, fileParams.accept)) {
    throw new UpupError('File type not allowed', UpupErrorCode.FILE_TYPE_NOT_ALLOWED, { status: 415 });
  }

  const client = getS3Client(storage);
  if (params.enableAutoCorsConfig === true) await ensureBucketCorsAllows(client, bucketName, origin);
  const key = `${crypto.randomUUID()}/${sanitizeFileName(fileParams.name)}`;
  const uploadId = completionCodec ? createSingleUploadId() : undefined;
  // Only the checked fields: anything else a browser put in fileParams must never reach a signed header.
  const { uploadUrl } = await presignPutObject(client, bucketName, key, { type: fileParams.type, size: fileParams.size, uploadNonce: uploadId }, expiresIn);
  const publicUrl = await presignGetObject(client, bucketName, key, expiresIn);
  if (!completionCodec || !uploadId) return { key, publicUrl, uploadUrl, expiresIn };
  const issuedAt = nowInSeconds();
  const completionToken = await completionCodec.sign({
    key,
    uploadId,
    userId: null,
    size: fileParams.size,
    type: fileParams.type,
    issuedAt,
    expiresAt: issuedAt + COMPLETION_TOKEN_TTL_SECONDS,
  });
  return { key, publicUrl, uploadUrl, expiresIn, completionToken };
}
