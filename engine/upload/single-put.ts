import { loadChecksumDigests } from '../processing/checksum-digests.js';
import { UploadFailureError } from '../core/errors.js';
import { putBlob, postJson } from './http.js';
import { assertPresignAnswer } from './handler-answers.js';
import { assertObjectStored } from './storage-response.js';
import type { StrategyContext } from './strategy-context.js';
import type { UploadResult } from '../core/file-record.js';
import { toUploadRequestHeaders } from './upload-headers.js';
import { assertUploadUrl } from './upload-url.js';
import { completeSinglePut, isUrlUsable, keepableSinglePut } from './single-completion.js';
import type { KeptSinglePut } from './kept-single-put.js';
import type { FileMetadata, PresignedUrlResponse } from '../../protocol/wire.js';

type PresignRequestBody = FileMetadata & { provider?: string; enableAutoCorsConfig?: true; customProps?: Record<string, unknown> };

/**
 * Body posted to get a presigned PUT: FileMetadata, plus the client-mode fields a token endpoint
 * reads. With `checksumVerification`, `contentMd5` (and with `checksumAlgorithm`, `checksum`)
 * asks for a URL that storage only honours for these exact bytes; it is computed on every attempt, so a retry after `BadDigest` reads the file
 * again.
 */
async function presignRequestBody(context: StrategyContext): Promise<PresignRequestBody> {
  const { file } = context.entry;
  const body: PresignRequestBody = { name: file.name, type: file.type, size: file.size };
  const { checksumVerification, checksumAlgorithm } = context.options.raw;
  if (checksumVerification) {
    const digests = await (await loadChecksumDigests()).uploadDigests(file, checksumAlgorithm, context.signal);
    body.contentMd5 = digests.contentMd5;
    if (digests.checksum) body.checksum = digests.checksum;
  }
  const metadata = context.uploadMetadata();
  if (Object.keys(metadata).length > 0) body.metadata = metadata;
  const raw = context.options.raw;
  if (context.options.target.kind === 'token-endpoint') {
    if (raw.provider) body.provider = raw.provider;
    if (raw.cors?.dangerouslyAutoConfigure) body.enableAutoCorsConfig = true;
    if (metadata && Object.keys(metadata).length > 0) body.customProps = metadata;
  }
  return body;
}

function presignUrl(context: StrategyContext): string {
  const { target } = context.options;
  if (target.kind === 'handler') return `${target.url}/presign`;
  if (target.kind === 'token-endpoint') return target.url;
  throw new UploadFailureError({ code: 'CONFIGURATION_ERROR', message: 'No upload target: set serverUrl or uploadEndpoint', retryable: false });
}

/** Failures after which the PUT may still have stored the bytes: no answer the page could read. */
function isOutcomeUnknown(error: unknown): boolean {
  return error instanceof UploadFailureError && (error.code === 'NETWORK_ERROR' || error.code === 'REQUEST_TIMEOUT');
}

/** Presigns the file: the handler's `/presign` or a client-mode token endpoint (e.g. `s3GeneratePresignedUrl`). */
async function presign(context: StrategyContext): Promise<{ presigned: PresignedUrlResponse; requestedAt: number }> {
  const request = await context.requestContext();
  const requestedAt = Date.now();
  const presigned = await postJson<PresignedUrlResponse>(presignUrl(context), await presignRequestBody(context), request);
  assertPresignAnswer(presigned);
  return { presigned, requestedAt };
}

/**
 * PUTs the whole file to `presigned.uploadUrl` and returns storage's answer once it is a stored
 * object. `kept` (a handler's upload that /complete will confirm) learns whether the bytes may be
 * in storage: an answer the page could not read leaves them possibly stored, a refusal storage
 * spelled out leaves nothing, and the URL is not used again.
 */
async function putFile(context: StrategyContext, presigned: PresignedUrlResponse, kept: KeptSinglePut | undefined) {
  const { file } = context.entry;
  const uploadUrl = assertUploadUrl(presigned.uploadUrl, context.options.allowedUploadOrigins);
  const headers = presigned.uploadHeaders ? toUploadRequestHeaders(presigned.uploadHeaders) : file.type ? { 'Content-Type': file.type } : {};
  const release = await context.budget.acquire(context.signal);
  let response;
  let bytesSent = false;
  try {
    // A fresh slice per attempt: Chromium can refuse to resend a Blob it failed to read once
    // (ERR_BLOB_OUT_OF_MEMORY), while a new slice of the same file goes through. A single PUT
    // may be gigabytes, so with checksumVerification the digest is streamed rather than the
    // file held in memory; a file that changed since is refused by storage and hashed again.
    response = await putBlob(uploadUrl, file.slice(0, file.size, file.type), {
      headers,
      signal: context.signal,
      stallTimeoutMs: context.options.uploadStallTimeoutMs,
      stallCode: 'REQUEST_TIMEOUT',
      onProgress: (loaded) => {
        if (loaded > 0) bytesSent = true;
        context.reportProgress(loaded);
      },
    });
  } catch (error) {
    // A pause or a lost answer: the bytes may be in storage under this upload's key.
    if (kept) kept.maybeStored = true;
    // Not one byte left the page (a host that refuses the connection, a name that does not
    // resolve): nothing can be stored, and the next attempt asks for a fresh URL.
    const neverSent = !bytesSent && file.size > 0 && !context.signal.aborted;
    if (kept && !context.signal.aborted && (!isOutcomeUnknown(error) || neverSent)) context.entry.singlePut = undefined;
    throw error;
  } finally {
    release();
  }
  try {
    await assertObjectStored(response, context.options.raw.isSuccessfulCall, context.options.retryMaxDelayMs);
  } catch (error) {
    context.entry.singlePut = undefined;
    throw error;
  }
  if (kept) kept.maybeStored = true;
  context.reportProgress(file.size);
  return response;
}

/**
 * One presigned PUT of the whole file, with upload progress. On a handler that answers a
 * `completionToken`, the upload counts only once `POST /complete` accepted it (single-completion.ts),
 * unless the handler says it has no verdict to give (`completionMode: 'background'`): the file is
 * then done at the PUT and confirmed in the background (background-confirmation.ts);
 * a retry reuses the same key and URL while they are valid, and asks /complete first when the
 * earlier PUT may have landed.
 */
export async function uploadSinglePut(context: StrategyContext): Promise<UploadResult> {
  const { entry } = context;
  let kept = entry.singlePut;
  if (kept?.maybeStored) {
    const confirmed = await completeSinglePut(context, kept);
    if (confirmed) return finish(context, confirmed);
    // 404: nothing of this upload is stored. Send again to the same URL while it works.
    kept.maybeStored = false;
    context.uploading();
  }
  if (kept && !isUrlUsable(kept)) kept = entry.singlePut = undefined;
  let presigned: PresignedUrlResponse | undefined = kept?.presigned;
  if (!presigned) {
    const answer = await presign(context);
    presigned = answer.presigned;
    kept = entry.singlePut = keepableSinglePut(context, presigned, answer.requestedAt);
    // A reload while the PUT runs asks /complete about this URL before sending again.
    if (kept) context.remember();
  }
  const response = await putFile(context, presigned, kept);
  if (kept?.presigned.completionMode === 'background') {
    // No verdict to wait for: storage stored what the URL was signed for, and the handler hears
    // of it a round trip later. The file is done; the confirmation is kept until answered.
    entry.singlePut = undefined;
    await context.confirmLater(kept.presigned.completionToken);
  } else if (kept) {
    const confirmed = await completeSinglePut(context, kept);
    if (confirmed) return finish(context, confirmed);
    // The handler finds no object right after storage said it stored one: send it again next attempt.
    kept.maybeStored = false;
    throw new UploadFailureError({
      code: 'HTTP_ERROR',
      status: 404,
      serverCode: 'NOT_FOUND',
      message: 'The handler found no stored object after the PUT',
      retryable: true,
      from: 'handler',
    });
  }
  const result: UploadResult = { key: presigned.key, strategy: 'single' };
  if (presigned.publicUrl) result.publicUrl = presigned.publicUrl;
  if (presigned.downloadUrl) result.downloadUrl = presigned.downloadUrl;
  if (response.headers['etag']) result.etag = response.headers['etag'];
  return result;
}

/** A confirmed upload: nothing is kept for another attempt. */
function finish(context: StrategyContext, result: UploadResult): UploadResult {
  context.entry.singlePut = undefined;
  context.reportProgress(context.entry.file.size);
  return result;
}
