import { S3Client } from '@aws-sdk/client-s3';
import { createConfigError } from '../errors.js';
import type { StorageConfig } from '../types.js';
import { getKeyObjectSha256 } from './key-object-sha256.js';

/**
 * Storage labels that name a service without an S3 API. Every other label is accepted: `type`
 * only describes the service (health reports it); the endpoint decides where requests go.
 */
const TYPES_WITHOUT_S3_API = new Set(['azure', 'azure-blob', 'azure-storage', 'firebase', 'local', 'filesystem']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isOptionalString(value: unknown): boolean {
  return value === undefined || typeof value === 'string';
}

/**
 * Throws a named configuration error when `storage` cannot be an S3-compatible bucket at all.
 * `bucket` and `region` may still be empty: health reports that as `incomplete`.
 */
export function assertS3StorageShape(storage: unknown, path = 'storage'): asserts storage is StorageConfig {
  if (!isPlainObject(storage)) throw createConfigError(`${path} must be an object or a resolver function`);
  if (typeof storage.type !== 'string' || storage.type.trim() === '') {
    throw createConfigError(`${path}.type must be a non-empty label such as "aws", "r2" or "s3"`);
  }
  if (TYPES_WITHOUT_S3_API.has(storage.type.trim().toLowerCase())) {
    throw createConfigError(`${path}.type "${storage.type}" has no S3-compatible API; this handler only talks to S3-compatible storage`);
  }
  for (const field of ['bucket', 'region', 'endpoint', 'browserEndpoint', 'publicUrlBase'] as const) {
    if (!isOptionalString(storage[field])) throw createConfigError(`${path}.${field} must be a string`);
  }
  if (storage.forcePathStyle !== undefined && typeof storage.forcePathStyle !== 'boolean') {
    throw createConfigError(`${path}.forcePathStyle must be a boolean`);
  }
  for (const field of ['endpoint', 'browserEndpoint'] as const) {
    const endpoint = storage[field];
    if (typeof endpoint === 'string' && !isHttpUrl(endpoint)) throw createConfigError(`${path}.${field} must be an absolute http(s) URL (got "${endpoint}")`);
  }
  if (storage.checksumAlgorithm !== undefined && !['CRC32', 'CRC32C', 'SHA256'].includes(storage.checksumAlgorithm as string)) {
    throw createConfigError(`${path}.checksumAlgorithm must be "CRC32", "CRC32C" or "SHA256"`);
  }
  if (storage.credentials !== undefined) assertCredentialPair(storage.credentials, `${path}.credentials`);
}

function isHttpUrl(text: string): boolean {
  return URL.canParse(text) && ['https:', 'http:'].includes(new URL(text).protocol);
}

function isFilledString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * Both halves or neither: a pair with one half empty (typically an unset environment variable)
 * would otherwise only fail at the first signed request, as a storage error.
 */
function assertCredentialPair(credentials: unknown, path: string): void {
  if (!isPlainObject(credentials)) throw createConfigError(`${path} must be { accessKeyId: string, secretAccessKey: string }`);
  const hasKeyId = isFilledString(credentials.accessKeyId);
  const hasSecret = isFilledString(credentials.secretAccessKey);
  if (hasKeyId && hasSecret) {
    if (!isOptionalString(credentials.sessionToken)) throw createConfigError(`${path}.sessionToken must be a string`);
    return;
  }
  const missing = [hasKeyId ? undefined : 'accessKeyId', hasSecret ? undefined : 'secretAccessKey'].filter(Boolean).map((field) => `${path}.${field}`);
  throw createConfigError(
    `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing or empty: set both accessKeyId and secretAccessKey, or leave credentials out to use the default AWS credential chain`,
  );
}

/** True when the bucket and region are set, so requests can be signed. */
export function hasStorageLocation(storage: StorageConfig): boolean {
  return Boolean(storage.bucket?.trim()) && Boolean(storage.region?.trim());
}

/** Throws unless `storage` is a complete S3-compatible bucket description. */
export function assertUsableStorage(storage: unknown, path = 'storage'): asserts storage is StorageConfig {
  assertS3StorageShape(storage, path);
  if (!hasStorageLocation(storage)) throw createConfigError(`${path} needs a bucket and a region`);
}

const clientCache = new Map<string, S3Client>();
const CLIENT_CACHE_LIMIT = 32;

/**
 * An S3 client for `storage`, shared by every request to the same endpoint and credentials
 * (creating one per request costs more than signing). Checksums only when required: since SDK
 * 3.729 the default bakes a CRC32 of an empty body into presigned PUT URLs, which storage rejects.
 */
export function getS3Client(storage: StorageConfig): S3Client {
  const cacheKey = JSON.stringify([storage.endpoint, storage.region, storage.forcePathStyle, storage.credentials]);
  const cached = clientCache.get(cacheKey);
  if (cached) return cached;
  // Signing keys as Node `KeyObject`s where Node's crypto is built in (see key-object-sha256.ts).
  const sha256 = getKeyObjectSha256();
  const client = new S3Client({
    region: storage.region,
    endpoint: storage.endpoint,
    forcePathStyle: storage.forcePathStyle,
    credentials: storage.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(sha256 ? { sha256 } : {}),
  });
  if (clientCache.size >= CLIENT_CACHE_LIMIT) {
    const oldest = clientCache.keys().next().value;
    if (oldest !== undefined) clientCache.delete(oldest);
  }
  clientCache.set(cacheKey, client);
  return client;
}

/**
 * The client whose URLs browsers are handed: the storage's own, or one for `browserEndpoint`
 * (the same bucket, region and credentials, reached by another name). It only signs; every
 * storage call goes through `getS3Client`. `ownClient`: the storage's own client, when the caller
 * has it already (a resolved bucket is looked up per request).
 */
export function getBrowserSigningClient(storage: StorageConfig, ownClient?: S3Client): S3Client {
  if (storage.browserEndpoint === undefined || storage.browserEndpoint === storage.endpoint) return ownClient ?? getS3Client(storage);
  return getS3Client({ ...storage, endpoint: storage.browserEndpoint });
}
