/**
 * The end of a single upload on a handler that answers a `completionToken`: `POST /complete`
 * checks the stored object, asks the host's verdict (`verifyUpload`, which may take seconds: a
 * virus scan) and runs the host's hooks once. Only an accepted file counts as uploaded.
 *
 * The presigned answer is kept on the file across attempts (`KeptSinglePut`), so a retry whose
 * earlier PUT may have landed asks /complete before sending again, and sends again to the same
 * URL: one object per file, the one the host hears of.
 */
import { UploadFailureError } from '../core/errors.js';
import { assertCompleteAnswer } from './handler-answers.js';
import { DEFAULT_REQUEST_TIMEOUT_MS, postJson } from './http.js';
import type { StrategyContext } from './strategy-context.js';
import type { UploadResult } from '../core/file-record.js';
import type { KeptSinglePut } from './kept-single-put.js';
import type { CompleteUploadRequest, CompleteUploadResponse, PresignedUrlResponse } from '../../protocol/wire.js';

/** A URL this close to expiry is not sent again: the PUT must start (and be checked) before it ends. */
const URL_EXPIRY_MARGIN_MS = 30_000;

/** `/complete` waits for the host's verdict; it gets this many times `requestTimeoutMs` (5 minutes by default). */
const COMPLETE_TIMEOUT_FACTOR = 10;

/** Longer than any token the handler issues; a longer one is not this protocol's and is not sent back. */
const MAX_COMPLETION_TOKEN_LENGTH = 8192;

/**
 * 403 codes that speak of the request, not of the file: a token the handler cannot use, or a
 * caller it does not let in. Every other refusal of /complete is a verdict on the file.
 */
const REQUEST_REFUSAL_CODES: ReadonlySet<string> = new Set(['malformed', 'bad_signature', 'expired', 'AUTH_DENIED', 'AUTH_REQUIRED']);
/** 4xx statuses of /complete that are no verdict: a body it could not read, sign-in, missing object, time-out, busy. */
const NOT_A_VERDICT: ReadonlySet<number> = new Set([400, 401, 404, 408, 429]);

/** The completion token to keep, when this answer has one and the target is the handler (a token endpoint's confirm route is the host's own). */
export function keepableSinglePut(context: StrategyContext, presigned: PresignedUrlResponse, requestedAt: number): KeptSinglePut | undefined {
  const token = presigned.completionToken;
  if (context.options.target.kind !== 'handler' || typeof token !== 'string' || token.length === 0 || token.length > MAX_COMPLETION_TOKEN_LENGTH) {
    return undefined;
  }
  const lifetimeMs = Number.isFinite(presigned.expiresIn) && presigned.expiresIn > 0 ? presigned.expiresIn * 1000 : 0;
  return { presigned: { ...presigned, completionToken: token }, urlValidUntil: requestedAt + lifetimeMs, maybeStored: false };
}

/** Whether the kept URL may still be sent to. */
export function isUrlUsable(kept: KeptSinglePut, now = Date.now()): boolean {
  return kept.urlValidUntil - now > URL_EXPIRY_MARGIN_MS;
}

function isNotFound(error: unknown): boolean {
  return error instanceof UploadFailureError && error.from === 'handler' && error.status === 404 && error.serverCode === 'NOT_FOUND';
}

/** A 4xx that is the server's verdict on the file (its checks or `verifyUpload`), as a final UPLOAD_REFUSED. */
function toRefusal(error: unknown): UploadFailureError | undefined {
  if (!(error instanceof UploadFailureError) || error.from !== 'handler' || error.code !== 'HTTP_ERROR') return undefined;
  const status = error.status ?? 0;
  if (status < 400 || status > 499 || NOT_A_VERDICT.has(status)) return undefined;
  if (status === 403 && error.serverCode !== undefined && REQUEST_REFUSAL_CODES.has(error.serverCode)) return undefined;
  return new UploadFailureError({
    code: 'UPLOAD_REFUSED',
    status,
    message: error.serverMessage ?? error.message,
    retryable: false,
    from: 'handler',
    ...(error.serverCode !== undefined ? { serverCode: error.serverCode } : {}),
    ...(error.serverMessage !== undefined ? { serverMessage: error.serverMessage } : {}),
  });
}

/**
 * Sends /complete and answers the result, or `undefined` when the handler finds no object of
 * this upload (404 `NOT_FOUND`: nothing was PUT, or the PUT never landed). A refusal is
 * UPLOAD_REFUSED (final); 503 (another request is completing it), 5xx and lost answers are
 * retryable failures for the engine's retry policy, with the handler's `Retry-After`.
 */
export async function completeSinglePut(context: StrategyContext, kept: KeptSinglePut): Promise<UploadResult | undefined> {
  context.checking();
  const request = await context.requestContext();
  const body: CompleteUploadRequest = { token: kept.presigned.completionToken };
  const { target } = context.options;
  const baseUrl = target.kind === 'handler' ? target.url : '';
  let answer: CompleteUploadResponse;
  try {
    // keepalive: a page closed while the verdict runs still has its upload confirmed.
    answer = await postJson<CompleteUploadResponse>(`${baseUrl}/complete`, body, {
      ...request,
      keepalive: true,
      timeoutMs: COMPLETE_TIMEOUT_FACTOR * (request.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    if (isNotFound(error)) return undefined;
    const failure = toRefusal(error) ?? error;
    // A final answer (a refusal, a token the handler cannot use): a later retry starts afresh.
    if (!(failure instanceof UploadFailureError) || !failure.retryable) {
      if (!context.signal.aborted) context.entry.singlePut = undefined;
    }
    throw failure;
  }
  assertCompleteAnswer(answer);
  const result: UploadResult = { key: answer.key ?? kept.presigned.key, strategy: 'single' };
  if (answer.publicUrl) result.publicUrl = answer.publicUrl;
  if (answer.downloadUrl) result.downloadUrl = answer.downloadUrl;
  if (answer.etag) result.etag = answer.etag;
  return result;
}
