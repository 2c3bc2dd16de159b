import { loadChecksumDigests } from '../processing/checksum-digests.js';
import { UploadFailureError } from '../core/errors.js';
import { putBlob, postJson } from './http.js';
import { assertPresignAnswer } from './handler-answers.js';
import { assertObjectStored } from './storage-response.js';
import type { StrategyContext } from './strategy-context.js';
import type { UploadResult } from '../core/types.js';
import { toUploadRequestHeaders } from './upload-headers.js';
import { assertUploadUrl } from './upload-url.js';
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

/** One presigned PUT of the whole file, with upload progress. */
export async function uploadSinglePut(context: StrategyContext): Promise<UploadResult> {
  const { file } = context.entry;
  const request = await context.requestContext();
  // The answer of `/presign` or of a client-mode token endpoint (e.g. `s3GeneratePresignedUrl`).
  const presigned = await postJson<PresignedUrlResponse>(presignUrl(context), await presignRequestBody(context), request);
  assertPresignAnswer(presigned);
  const uploadUrl = assertUploadUrl(presigned.uploadUrl, context.options.allowedUploadOrigins);
  const headers = presigned.uploadHeaders ? toUploadRequestHeaders(presigned.uploadHeaders) : file.type ? { 'Content-Type': file.type } : {};
  const release = await context.budget.acquire(context.signal);
  let response;
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
      onProgress: (loaded) => context.reportProgress(loaded),
    });
  } finally {
    release();
  }
  await assertObjectStored(response, context.options.raw.isSuccessfulCall, context.options.retryMaxDelayMs);
  context.reportProgress(file.size);
  const result: UploadResult = { key: presigned.key, strategy: 'single' };
  if (presigned.publicUrl) result.publicUrl = presigned.publicUrl;
  if (presigned.downloadUrl) result.downloadUrl = presigned.downloadUrl;
  if (response.headers['etag']) result.etag = response.headers['etag'];
  return result;
}
