import { HeadBucketCommand } from '@aws-sdk/client-s3';
import type { HealthResponse } from '../../types.js';
import { sha256Hex } from '../encoding.js';
import type { HandlerSettings } from '../settings.js';
import { getS3Client, hasStorageLocation } from '../storage-config.js';
import { toJsonResponse } from '../responses.js';
import { UPLOAD_TOKEN_TTL_SECONDS } from '../upload-token.js';
import type { RouteContext, RouteFunction } from './context.js';

/** A probe result is reused for this long, so a health check every second costs one HeadBucket per 30 s. */
const STORAGE_PROBE_CACHE_MS = 30_000;
const STORAGE_PROBE_TIMEOUT_MS = 5_000;

interface ProbeResult {
  ok: boolean;
  error?: unknown;
  at: number;
}

function countDriveProviders(settings: HandlerSettings): number {
  const providers = settings.config.providers ?? {};
  return Object.values(providers).filter((provider) => provider !== undefined && provider !== null).length;
}

function isConfigComplete(settings: HandlerSettings): boolean {
  if (!settings.tokenCodec) return false;
  return settings.storage.kind === 'resolver' || hasStorageLocation(settings.storage.storage);
}

/**
 * GET /health: always 200; `status` says whether configuration and storage are fine. The bucket
 * probe is a HeadBucket cached for 30 s (concurrent checks share one probe); a resolver cannot be
 * probed without a request, so its storage check is `skipped` and does not degrade the status.
 */
export function createHealthRoute(settings: HandlerSettings): RouteFunction {
  let cached: ProbeResult | undefined;
  let inFlight: Promise<ProbeResult> | undefined;

  async function probe(ctx: RouteContext): Promise<ProbeResult> {
    if (settings.storage.kind !== 'static') return { ok: true, at: Date.now() };
    const storage = settings.storage.storage;
    if (!hasStorageLocation(storage)) return { ok: false, error: new Error('storage needs a bucket and a region'), at: Date.now() };
    try {
      await getS3Client(storage).send(new HeadBucketCommand({ Bucket: storage.bucket }), { abortSignal: AbortSignal.timeout(STORAGE_PROBE_TIMEOUT_MS) });
      return { ok: true, at: Date.now() };
    } catch (error) {
      ctx.reportSwallowed(error, 'health storage probe');
      return { ok: false, error, at: Date.now() };
    }
  }

  async function probeStorage(ctx: RouteContext): Promise<ProbeResult> {
    if (cached && Date.now() - cached.at < STORAGE_PROBE_CACHE_MS) return cached;
    inFlight ??= probe(ctx).then((result) => {
      cached = result;
      inFlight = undefined;
      return result;
    });
    return inFlight;
  }

  return async function healthRoute(ctx) {
    const configOk = isConfigComplete(settings);
    const storageCheck = settings.storage.kind === 'resolver' ? 'skipped' : (await probeStorage(ctx)).ok ? 'ok' : 'error';
    // The signing secret (the first of a rotation list) is the one new tokens carry.
    const secret = settings.tokenSecrets?.[0];
    const body: HealthResponse = {
      status: configOk && storageCheck !== 'error' ? 'ok' : 'degraded',
      checks: { config: configOk ? 'ok' : 'incomplete', storage: storageCheck },
      summary: {
        storageType: settings.storage.kind === 'resolver' ? 'dynamic' : settings.storage.storage.type,
        anonymousUploads: settings.config.allowAnonymousUploads === true,
        anonymousDrives: settings.config.allowAnonymous === true,
        driveProviders: countDriveProviders(settings),
        uploadTokenTtlSeconds: UPLOAD_TOKEN_TTL_SECONDS,
      },
    };
    if (settings.config.health?.exposeSecretFingerprint === true && secret !== undefined) {
      body.uploadTokenFingerprint = (await sha256Hex(secret)).slice(0, 8);
    }
    return toJsonResponse(body);
  };
}
