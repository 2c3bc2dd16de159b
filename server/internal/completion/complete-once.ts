/**
 * Runs the end of an upload (the commit where there is one, the verdict, the after-commit hooks)
 * once per stored object, across retried requests, lost answers, clients that leave, simultaneous
 * completes and several handler instances sharing the bucket.
 *
 * The upload's completion marker is the lock. A request claims it with a conditional create
 * (exactly one wins), holds it as a lease it renews while it works, and moves it to `done` or
 * `refused` with the outcome. A request that finds a final marker answers from it without running
 * anything. One that finds a live claim waits for it a while (requests on the same instance
 * simply share the running work), then answers 503 `Upload completion in progress`. A claim whose
 * holder died (an instance crashed, the runtime ended the request) stops being renewed; once its
 * lease runs out the next request takes it over with a conditional overwrite and runs the work.
 *
 * What runs under the claim is never tied to the client: storage calls keep only their own time
 * limits, and the hooks run to the end even when the client has gone.
 */
import { isUpupError, UpupError } from '../../errors.js';
import type { RequestStorage } from '../request-storage.js';
import type { RouteContext } from '../routes/context.js';
import { detachedStorageCall } from '../routes/storage-call.js';
import { toJsonResponse } from '../responses.js';
import {
  createMarker,
  markerKeyFor,
  readMarker,
  replaceMarker,
  type CompletionSource,
  type MarkerRecord,
  type MarkerRefusal,
  type StoredMarker,
} from './marker-store.js';

/** How long a request waits for a claim another instance holds before answering 503. */
const COMPLETION_WAIT_MS = 10_000;
/** What the 503 asks the client to wait before trying again. */
const COMPLETION_RETRY_AFTER_SECONDS = 2;
/** Attempts at writing the final state: the hooks have run, so it is worth more than one try. */
const FINAL_WRITE_ATTEMPTS = 3;

export type CompletionOutcome = { kind: 'done'; key: string; size: number; etag?: string } | { kind: 'refused'; refusal: MarkerRefusal };

export interface CompletionTarget {
  storage: RequestStorage;
  markerKey: string;
  key: string;
  uploadId: string;
  source: CompletionSource;
}

const COMPLETION_IN_PROGRESS = 'COMPLETION_IN_PROGRESS';

function completionBusy(): UpupError {
  return new UpupError('Upload completion in progress', COMPLETION_IN_PROGRESS, {
    status: 503,
    cause: new Error('another request holds the completion claim'),
  });
}

/** Thrown by completeOnce when another request still holds the claim after the wait. */
export function isCompletionBusy(error: unknown): boolean {
  return isUpupError(error) && error.code === COMPLETION_IN_PROGRESS && error.status === 503;
}

/** 503 with `Retry-After`: the upload is being completed by another request; ask again shortly. */
export function toCompletionBusyResponse(): Response {
  const response = toJsonResponse({ error: 'Upload completion in progress', code: 'COMPLETION_IN_PROGRESS' }, 503);
  response.headers.set('retry-after', String(COMPLETION_RETRY_AFTER_SECONDS));
  return response;
}

/**
 * Work for the same marker in this handler, shared by every request that asks for it meanwhile.
 * Per handler, not per process: two handlers in one process are two instances, as on two machines.
 */
const runningByHandler = new WeakMap<object, Map<string, Promise<CompletionOutcome>>>();

function toFinalOutcome(record: MarkerRecord): CompletionOutcome | undefined {
  if (record.state === 'done')
    return { kind: 'done', key: record.acceptedKey ?? record.key, size: record.size ?? 0, ...(record.etag ? { etag: record.etag } : {}) };
  if (record.state === 'refused' && record.refusal) return { kind: 'refused', refusal: record.refusal };
  return undefined;
}

function isTakeable(record: MarkerRecord, now: number): boolean {
  return record.state === 'released' || (record.state === 'claimed' && (record.leaseExpiresAt ?? 0) <= now);
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

interface Lease {
  etag: string;
  lost: boolean;
}

/**
 * Holds the claim while `work` runs: renews it every third of the lease, then writes the outcome
 * (or releases the claim when `work` threw, so a later request runs it again).
 */
async function holdClaim(
  ctx: RouteContext,
  target: CompletionTarget,
  base: MarkerRecord,
  lease: Lease,
  work: () => Promise<CompletionOutcome>,
): Promise<CompletionOutcome> {
  const { client } = target.storage;
  const { bucket } = target.storage.storage;
  const leaseMs = ctx.settings.completion.leaseMs;
  let renewing: Promise<void> = Promise.resolve();
  const renew = async () => {
    if (lease.lost) return;
    try {
      const etag = await replaceMarker(client, bucket, target.markerKey, lease.etag, { ...base, leaseExpiresAt: Date.now() + leaseMs }, detachedStorageCall());
      if (etag) lease.etag = etag;
      else lease.lost = true;
    } catch (error) {
      ctx.reportSwallowed(error, 'renewing the completion claim');
    }
    if (lease.lost) ctx.reportSwallowed(new Error('the completion claim was taken over while its work ran'), 'renewing the completion claim');
  };
  const timer = setInterval(
    () => {
      renewing = renewing.then(renew);
    },
    Math.max(100, Math.floor(leaseMs / 3)),
  );
  (timer as { unref?: () => void }).unref?.();

  let outcome: CompletionOutcome;
  try {
    outcome = await work();
  } catch (error) {
    clearInterval(timer);
    await renewing;
    if (!lease.lost) {
      try {
        await replaceMarker(client, bucket, target.markerKey, lease.etag, { ...base, state: 'released', leaseExpiresAt: 0 }, detachedStorageCall());
      } catch (releaseError) {
        ctx.reportSwallowed(releaseError, 'releasing the completion claim');
      }
    }
    throw error;
  }
  clearInterval(timer);
  await renewing;
  const final: MarkerRecord =
    outcome.kind === 'done'
      ? {
          ...base,
          state: 'done',
          size: outcome.size,
          ...(outcome.etag ? { etag: outcome.etag } : {}),
          ...(outcome.key === base.key ? {} : { acceptedKey: outcome.key }),
        }
      : { ...base, state: 'refused', refusal: outcome.refusal };
  delete final.holder;
  delete final.leaseExpiresAt;
  for (let attempt = 1; !lease.lost; attempt += 1) {
    try {
      const etag = await replaceMarker(client, bucket, target.markerKey, lease.etag, final, detachedStorageCall());
      if (!etag) ctx.reportSwallowed(new Error('the completion claim was taken over before its outcome was written'), 'writing the completion marker');
      break;
    } catch (error) {
      if (attempt >= FINAL_WRITE_ATTEMPTS) {
        // The work is done; the answer stands. A later repeat may run the hooks again after the lease.
        ctx.reportSwallowed(error, 'writing the completion marker');
        break;
      }
    }
  }
  if (outcome.kind === 'done' && outcome.key !== base.key) await markAcceptedKey(ctx, target, outcome.key);
  return outcome;
}

/**
 * An object `verifyUpload` moved counts under its new key too: a `done` marker there lets
 * deleteUnconfirmedUploads tell it from an object nobody confirmed.
 */
async function markAcceptedKey(ctx: RouteContext, target: CompletionTarget, acceptedKey: string): Promise<void> {
  const record: MarkerRecord = { v: 1, state: 'done', key: acceptedKey, uploadId: target.uploadId, source: target.source };
  try {
    const markerKey = await markerKeyFor(ctx.settings.completion.markerPrefix, acceptedKey, target.source, target.uploadId);
    await createMarker(target.storage.client, target.storage.storage.bucket, markerKey, record, detachedStorageCall());
  } catch (error) {
    ctx.reportSwallowed(error, 'writing the completion marker of the moved object');
  }
}

async function claimAndRun(ctx: RouteContext, target: CompletionTarget, work: () => Promise<CompletionOutcome>): Promise<CompletionOutcome> {
  const { client } = target.storage;
  const { bucket } = target.storage.storage;
  const leaseMs = ctx.settings.completion.leaseMs;
  const holder = crypto.randomUUID();
  const base: MarkerRecord = { v: 1, state: 'claimed', key: target.key, uploadId: target.uploadId, source: target.source, holder };
  const claimed = () => ({ ...base, leaseExpiresAt: Date.now() + leaseMs });
  const waitUntil = Date.now() + COMPLETION_WAIT_MS;
  let pause = 100;
  for (;;) {
    if (Date.now() > waitUntil) throw completionBusy();
    const created = await createMarker(client, bucket, target.markerKey, claimed(), detachedStorageCall());
    if (created !== undefined) return holdClaim(ctx, target, base, { etag: created, lost: false }, work);
    const existing: StoredMarker | undefined = await readMarker(client, bucket, target.markerKey, detachedStorageCall());
    if (!existing) continue;
    const final = toFinalOutcome(existing.record);
    if (final) return final;
    if (isTakeable(existing.record, Date.now())) {
      const taken = await replaceMarker(client, bucket, target.markerKey, existing.etag, claimed(), detachedStorageCall());
      if (taken !== undefined) return holdClaim(ctx, target, base, { etag: taken, lost: false }, work);
      continue;
    }
    // Another request holds a live claim: wait for its outcome, but not forever and not for a client that left.
    if (Date.now() + pause > waitUntil) throw completionBusy();
    await delay(pause, ctx.req.signal);
    pause = Math.min(pause * 2, 1000);
  }
}

/**
 * The outcome of the upload's completion: computed here by `work` when this request wins the
 * claim, or read from the marker another request wrote. Throws a 503 (see isCompletionBusy) when another
 * request still runs it after the wait, and whatever `work` threw (the claim is then released).
 */
export function completeOnce(ctx: RouteContext, target: CompletionTarget, work: () => Promise<CompletionOutcome>): Promise<CompletionOutcome> {
  let running = runningByHandler.get(ctx.settings);
  if (!running) {
    running = new Map();
    runningByHandler.set(ctx.settings, running);
  }
  const shared = running.get(target.markerKey);
  if (shared) return shared;
  const started = claimAndRun(ctx, target, work).finally(() => running.delete(target.markerKey));
  running.set(target.markerKey, started);
  return started;
}

/**
 * `completeOnce` for work that first needs a storage read (the parts storage holds, the stored
 * object): the read and the claim do not depend on each other, so they go out together and a
 * complete waits one storage round trip less. `read` must not be tied to the client (the work it
 * feeds may be shared with other requests). `work` gets the read under way and awaits it, so it
 * decides what a failed read means; the read is dropped when the marker already holds the outcome.
 */
export function completeOnceAfterRead<T>(
  ctx: RouteContext,
  target: CompletionTarget,
  read: () => Promise<T>,
  work: (reading: Promise<T>) => Promise<CompletionOutcome>,
): Promise<CompletionOutcome> {
  const reading = read();
  // Handled here so a read nobody awaits (the outcome was already recorded) is not an unhandled rejection.
  reading.catch(() => undefined);
  return completeOnce(ctx, target, () => work(reading));
}
