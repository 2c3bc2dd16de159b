import { UploadFailureError, retryHintOf, toUploadFailure } from '../core/errors.js';
import { delay, putBlob } from './http.js';
import { readInitPartUrls, signPartsToAsk } from './init-part-urls.js';
import { isDeadSession, isGoneUpload, MultipartRoutes, type SignPartResponse } from './multipart-routes.js';
import { claimSession, forgetSession, loadSession, saveSession, type MultipartSession, type StoredPart } from '../persistence/multipart-session.js';
import { PartSigningPipeline } from './multipart-signing.js';
import { prepareSignedPart, type PreparedPart } from './part-body.js';
import { fileFingerprint, persistenceScope } from '../persistence/persistence-scope.js';
import { delayBeforeRetry } from './retry-policy.js';
import { assertObjectStored, readETag } from './storage-response.js';
import type { StrategyContext } from './strategy-context.js';
import type { UploadResult } from '../core/file-record.js';
import { toUploadRequestHeaders } from './upload-headers.js';
import { assertUploadUrl } from './upload-url.js';
import type { MultipartInitRequest } from '../../protocol/wire.js';

/** Abort, then confirm the upload is gone, at most this many times. */
const ABORT_CHECKS = 3;
const ABORT_SETTLE_MS = 200;

function handlerUrl(context: StrategyContext): string {
  const { target } = context.options;
  if (target.kind !== 'handler') {
    throw new UploadFailureError({ code: 'CONFIGURATION_ERROR', message: 'Multipart uploads need serverUrl', retryable: false });
  }
  return target.url;
}

function routesFor(context: StrategyContext): MultipartRoutes {
  return new MultipartRoutes(handlerUrl(context), () => context.requestContext());
}

function partBounds(session: MultipartSession, partNumber: number): { start: number; end: number } {
  const start = (partNumber - 1) * session.partSize;
  return { start, end: Math.min(session.fileSize, start + session.partSize) };
}

function partCount(session: MultipartSession): number {
  return Math.max(1, Math.ceil(session.fileSize / session.partSize));
}

/**
 * The parts storage lists that need no new upload: the size they must have and, for an upload
 * opened with a checksum algorithm, a digest for complete (the one storage lists, else the one
 * kept when the part was sent). A part whose digest is unknown, or listed differently from the
 * one kept, is sent again.
 */
function keepConfirmedParts(session: MultipartSession, listed: Map<number, StoredPart>, expectedSize: (partNumber: number) => number): Map<number, StoredPart> {
  const kept = new Map<number, StoredPart>();
  for (const [partNumber, part] of listed) {
    if (part.size !== expectedSize(partNumber)) continue;
    if (!session.checksumAlgorithm) {
      kept.set(partNumber, { eTag: part.eTag, size: part.size });
      continue;
    }
    const remembered = session.parts.get(partNumber)?.checksum;
    const checksum = part.checksum ?? remembered;
    if (!checksum || checksum.algorithm !== session.checksumAlgorithm) continue;
    if (part.checksum && remembered && part.checksum.value !== remembered.value) continue;
    kept.set(partNumber, { eTag: part.eTag, size: part.size, checksum });
  }
  return kept;
}

/** Part URLs `/multipart/init` signed, and when the init request left (their lifetime starts no earlier). */
interface InitPartUrls {
  urls: Map<number, SignPartResponse>;
  sentAt: number;
}

/**
 * Finds the session to continue: the one kept from an earlier attempt in this page, else a
 * remembered one (autoResume) confirmed by `/multipart/resume`, else a new one from `/init`.
 * Parts are trusted only when storage lists them with the size they must have.
 */
async function openSession(context: StrategyContext, routes: MultipartRoutes): Promise<{ session: MultipartSession; initPartUrls?: InitPartUrls }> {
  const settings = context.options.multipart!;
  const { entry } = context;
  const scope = await persistenceScope(context.options);
  const fingerprint = await fileFingerprint(entry.file, handlerUrl(context), scope);
  let session = entry.multipart?.fingerprint === fingerprint ? entry.multipart : undefined;
  let initPartUrls: InitPartUrls | undefined;
  // Another live tab's session is left to it: this tab opens an upload of its own and keeps no record.
  const owned = session !== undefined || (await claimSession(fingerprint));
  if (!session && owned && settings.autoResume) session = loadSession(fingerprint);
  if (!session && owned && !settings.autoResume && loadSession(fingerprint)) {
    // A remembered session that will not be continued is aborted, so its parts do not linger.
    const stale = loadSession(fingerprint)!;
    forgetSession(fingerprint);
    await routes.abort(stale).catch(() => undefined);
  }
  if (session && !session.confirmed) {
    try {
      const listed = await routes.resume(session);
      const expectedSize = (partNumber: number): number => {
        const { start, end } = partBounds(session!, partNumber);
        return end - start;
      };
      session.parts = keepConfirmedParts(session, listed, expectedSize);
      context.resumed([...session.parts.keys()].sort((a, b) => a - b));
    } catch (error) {
      if (!isDeadSession(error)) throw error;
      forgetSession(fingerprint);
      entry.multipart = undefined;
      session = undefined;
    }
  }
  if (!session) {
    const { file } = entry;
    const body: MultipartInitRequest = { name: file.name, type: file.type, size: file.size, chunkSizeBytes: settings.chunkSizeBytes };
    const metadata = context.uploadMetadata();
    if (Object.keys(metadata).length > 0) body.metadata = metadata;
    const { checksumVerification, checksumAlgorithm } = context.options.raw;
    if (checksumVerification && checksumAlgorithm) body.checksumAlgorithm = checksumAlgorithm;
    // Parts sent without a digest can be signed before the engine has read them: ask init for the first ones.
    if (!checksumVerification) body.signParts = signPartsToAsk(file.size, settings.chunkSizeBytes, settings.maxConcurrentParts);
    const sentAt = Date.now();
    const init = await routes.init(body);
    // The handler's resume window runs from the init, and a resume never extends it.
    const expiresAt = Date.now() + settings.resumeWindowSeconds * 1000;
    session = {
      fingerprint,
      scope,
      key: init.key,
      token: init.token,
      partSize: init.partSize,
      fileSize: file.size,
      expiresAt,
      parts: new Map(),
      confirmed: true,
    };
    // Named only when the bucket takes that algorithm; otherwise parts carry Content-MD5 alone.
    if (init.checksumAlgorithm) session.checksumAlgorithm = init.checksumAlgorithm;
    else if (body.signParts) initPartUrls = { urls: readInitPartUrls(init.parts, partCount(session)), sentAt };
  }
  entry.multipart = session;
  if (settings.persist) saveSession(session);
  return { session, ...(initPartUrls ? { initPartUrls } : {}) };
}

/** The written `retryDelays` entry; the default list gets equal jitter (half fixed, half random). */
function plannedPartDelay(context: StrategyContext, retry: number): number {
  const planned = context.options.multipart!.retryDelays[retry]!;
  return context.options.partRetryJitter ? Math.round(planned / 2 + (Math.random() * planned) / 2) : planned;
}

/** Reads the part (hashed with checksumVerification) and signs its URL. */
function preparePart(
  context: StrategyContext,
  routes: MultipartRoutes,
  session: MultipartSession,
  partNumber: number,
  signal: AbortSignal,
): Promise<PreparedPart> {
  const { start, end } = partBounds(session, partNumber);
  return prepareSignedPart(routes, session, context.entry.file, { partNumber, start, end }, context.options.raw.checksumVerification === true, signal);
}

/** Uploads one part, re-reading the file and re-signing on each retry (a resent slice can fail). */
async function uploadPart(
  context: StrategyContext,
  signing: PartSigningPipeline,
  session: MultipartSession,
  partNumber: number,
  progress: { inFlight: Map<number, number>; report(): void },
  signal: AbortSignal,
  onPutSent: () => void = () => undefined,
): Promise<void> {
  const settings = context.options.multipart!;
  const { start, end } = partBounds(session, partNumber);
  for (let retry = 0; ; retry += 1) {
    let delayMs: number;
    const release = await context.budget.acquire(signal);
    progress.inFlight.set(partNumber, 0);
    try {
      // The first attempt uses the part read (and hashed) and signed while earlier parts were uploading.
      const { signed, body, checksum } = await signing.take(partNumber, retry > 0);
      const uploadUrl = assertUploadUrl(signed.uploadUrl, context.options.allowedUploadOrigins);
      const put = putBlob(uploadUrl, body, {
        headers: toUploadRequestHeaders(signed.uploadHeaders),
        signal,
        stallTimeoutMs: settings.partTimeoutMs,
        onProgress: (loaded) => {
          progress.inFlight.set(partNumber, loaded);
          progress.report();
        },
      });
      onPutSent();
      const response = await put;
      await assertObjectStored(response, context.options.raw.isSuccessfulCall, context.options.retryMaxDelayMs);
      // Complete needs every part's ETag, whatever a host predicate accepted.
      const eTag = readETag(response);
      const inFlightNow = progress.inFlight.size;
      session.parts.set(partNumber, { eTag, size: end - start, ...(checksum ? { checksum } : {}) });
      progress.inFlight.delete(partNumber);
      if (settings.persist) saveSession(session);
      progress.report();
      context.partUploaded(partNumber, end - start, inFlightNow);
      return;
    } catch (error) {
      progress.inFlight.delete(partNumber);
      progress.report();
      if (signal.aborted) throw signal.reason;
      const failure = toUploadFailure(error);
      if (!failure.retryable || retry >= settings.retryDelays.length) throw error;
      delayMs = delayBeforeRetry(plannedPartDelay(context, retry), retryHintOf(error), context.options.retryMaxDelayMs);
      context.partRetry(partNumber, retry + 1, delayMs, failure);
    } finally {
      release();
    }
    await delay(delayMs, signal);
  }
}

/**
 * The upload behind `session` no longer exists: neither this page nor a later one may sign parts
 * or complete with its token again, so the next attempt (Retry) opens a new upload from the start.
 */
function dropGoneSession(context: StrategyContext, session: MultipartSession): void {
  forgetSession(session.fingerprint);
  if (context.entry.multipart === session) context.entry.multipart = undefined;
}

/** Multipart through the handler: parts in parallel under the shared connection budget. */
export async function uploadMultipart(context: StrategyContext): Promise<UploadResult> {
  const routes = routesFor(context);
  const settings = context.options.multipart!;
  // A retry after a failed complete sends (or lists) parts again before it is checked again.
  context.uploading();
  const { session, initPartUrls } = await openSession(context, routes);
  const pending: number[] = [];
  for (let partNumber = 1; partNumber <= partCount(session); partNumber += 1) {
    if (!session.parts.has(partNumber)) pending.push(partNumber);
  }
  const inFlight = new Map<number, number>();
  const progress = {
    inFlight,
    report(): void {
      let bytes = 0;
      for (const part of session.parts.values()) bytes += part.size;
      for (const loaded of inFlight.values()) bytes += loaded;
      context.reportProgress(Math.min(bytes, session.fileSize));
    },
  };
  progress.report();
  // One failing part stops its siblings: their work would be wasted on a failed attempt.
  const siblings = new AbortController();
  const onOuterAbort = (): void => siblings.abort(context.signal.reason);
  context.signal.addEventListener('abort', onOuterAbort, { once: true });
  const workers = Math.min(settings.maxConcurrentParts, pending.length);
  // As many parts prepared ahead as are in flight: each is read, hashed and signed one PUT earlier
  // than it is needed.
  const signing = new PartSigningPipeline(
    (partNumber) => preparePart(context, routes, session, partNumber, siblings.signal),
    pending,
    workers,
    siblings.signal,
  );
  for (const [partNumber, signed] of initPartUrls?.urls ?? []) {
    const { start, end } = partBounds(session, partNumber);
    signing.seed(partNumber, { signed, body: context.entry.file.slice(start, end) }, initPartUrls!.sentAt);
  }
  let nextIndex = 0;
  const worker = async (): Promise<void> => {
    while (nextIndex < pending.length) {
      const index = nextIndex;
      nextIndex += 1;
      // The first parts open the whole window at once (nothing is signed yet). Later ones find
      // their URL signed and top the window up only once their PUT has left, so a sign request
      // never delays the PUT of a slot that just came free.
      signing.fillFrom(index, index < workers ? undefined : 0);
      await uploadPart(context, signing, session, pending[index]!, progress, siblings.signal, () => signing.fillFrom(index));
    }
  };
  try {
    await Promise.all(
      Array.from({ length: workers }, () =>
        worker().catch((error: unknown) => {
          siblings.abort(error);
          throw error;
        }),
      ),
    );
  } catch (error) {
    // Report the first real failure, not a sibling's abort echo.
    context.signal.throwIfAborted();
    const failure = siblings.signal.reason ?? error;
    if (isGoneUpload(failure)) dropGoneSession(context, session);
    throw failure;
  } finally {
    context.signal.removeEventListener('abort', onOuterAbort);
  }
  let completed: Awaited<ReturnType<MultipartRoutes['complete']>>;
  // Every part is stored: the handler now commits and checks the file (its verdict may take a while).
  context.checking();
  try {
    completed = await routes.complete(session);
  } catch (error) {
    // A failed complete leaves nothing a later page should pick up: only this page may try again.
    if (!context.signal.aborted) forgetSession(session.fingerprint);
    if (isGoneUpload(error)) dropGoneSession(context, session);
    throw error;
  }
  forgetSession(session.fingerprint);
  context.entry.multipart = undefined;
  const result: UploadResult = { key: completed.key ?? session.key, strategy: 'multipart' };
  if (completed.publicUrl) result.publicUrl = completed.publicUrl;
  if (completed.downloadUrl) result.downloadUrl = completed.downloadUrl;
  if (completed.etag) result.etag = completed.etag;
  return result;
}

/**
 * Cancels a session so storage discards its parts; best effort, also forgets it locally. A part
 * already received by storage when its request was aborted can still land after the abort
 * (S3 documents this), so the engine checks through /multipart/resume and aborts again.
 */
export async function abortMultipart(context: Pick<StrategyContext, 'entry' | 'options' | 'requestContext'>): Promise<void> {
  if (context.options.target.kind !== 'handler') return;
  // A restored file may own a remembered session it has not opened yet in this page.
  const fingerprint = context.entry.multipart
    ? undefined
    : await fileFingerprint(context.entry.file, context.options.target.url, await persistenceScope(context.options));
  // A remembered session another live tab holds is that tab's upload, not this file's.
  const session = context.entry.multipart ?? ((await claimSession(fingerprint!)) ? loadSession(fingerprint!) : undefined);
  if (!session) return;
  context.entry.multipart = undefined;
  forgetSession(session.fingerprint);
  const routes = new MultipartRoutes(context.options.target.url, () => context.requestContext());
  for (let check = 1; check <= ABORT_CHECKS; check += 1) {
    await routes.abort(session).catch(() => undefined);
    await delay(ABORT_SETTLE_MS * check);
    try {
      await routes.resume(session);
    } catch {
      // 404 (gone), a disabled resume route, or an unreachable handler: nothing more to do here.
      return;
    }
  }
}
