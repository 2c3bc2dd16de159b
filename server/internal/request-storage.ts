/**
 * The bucket of one request: the static one, or whatever the resolver returns, checked.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { isUpupError, UpupError, UpupErrorCode } from '../errors.js';
import type { StorageConfig, StorageResolverContext } from '../types.js';
import { sha256Hex } from './encoding.js';
import type { HandlerSettings } from './settings.js';
import { assertUsableStorage, getBrowserSigningClient, getS3Client } from './storage-config.js';
import { observeStorageClient } from './telemetry/observed-client.js';
import { INACTIVE_TELEMETRY, type RequestTelemetry } from './telemetry/request-telemetry.js';

const STORAGE_CONFIGURATION_ERROR = 'Storage configuration error';

export interface RequestStorage {
  storage: StorageConfig;
  client: S3Client;
  /** Signs the URLs handed to browsers (see `browserEndpoint`); never sends a request. */
  signer: S3Client;
  /** Fingerprint bound into upload tokens; only for resolved storage (a static bucket binds nothing). */
  storageId: string | undefined;
}

/** A static bucket is checked and gets its client once, on its first request. */
const staticStorage = new WeakMap<StorageConfig, RequestStorage>();

/** Identifies a bucket without revealing its name in the (readable) token payload. */
function fingerprintStorage(storage: StorageConfig): Promise<string> {
  return sha256Hex(['svc-storage', storage.endpoint ?? '', storage.region, storage.bucket].join('\n')).then((hex) => hex.slice(0, 32));
}

/** The request's storage, its client reporting every call to the request's telemetry. */
export async function resolveRequestStorage(
  settings: HandlerSettings,
  req: Request,
  ctx: StorageResolverContext,
  telemetry: RequestTelemetry = INACTIVE_TELEMETRY,
): Promise<RequestStorage> {
  const resolved = await resolveStorage(settings, req, ctx);
  return telemetry.active ? { ...resolved, client: observeStorageClient(resolved.client, telemetry) } : resolved;
}

async function resolveStorage(settings: HandlerSettings, req: Request, ctx: StorageResolverContext): Promise<RequestStorage> {
  const source = settings.storage;
  if (source.kind === 'static') {
    const ready = staticStorage.get(source.storage);
    if (ready) return ready;
    try {
      assertUsableStorage(source.storage);
    } catch (error) {
      throw new UpupError(STORAGE_CONFIGURATION_ERROR, undefined, { status: 500, cause: error });
    }
    const resolved: RequestStorage = { storage: source.storage, ...clientsOf(source.storage), storageId: undefined };
    staticStorage.set(source.storage, resolved);
    return resolved;
  }
  let storage: unknown;
  try {
    storage = await source.resolve(req, ctx);
    assertUsableStorage(storage, 'resolved storage');
  } catch (error) {
    // A resolver may refuse a caller on purpose (an UpupError with a status); anything else is a misconfiguration.
    if (isUpupError(error) && error.status !== undefined) throw error;
    throw new UpupError(STORAGE_CONFIGURATION_ERROR, undefined, { status: 500, cause: error });
  }
  return { storage, ...clientsOf(storage), storageId: await fingerprintStorage(storage) };
}

function clientsOf(storage: StorageConfig): Pick<RequestStorage, 'client' | 'signer'> {
  const client = getS3Client(storage);
  return { client, signer: getBrowserSigningClient(storage, client) };
}

/** A continuation must reach the bucket its token was issued for. */
export function assertSameStorage(current: RequestStorage, boundStorageId: string | undefined): void {
  if (current.storageId === undefined) return;
  if (current.storageId !== boundStorageId) {
    throw new UpupError('Upload token was issued for different storage', UpupErrorCode.AUTH_DENIED, {
      status: 403,
      cause: new Error('the storage resolver now resolves a different bucket than the one bound at init'),
    });
  }
}
