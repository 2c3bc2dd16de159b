import { UploadFailureError } from '../core/errors.js';
import { assertCompleteAnswer, assertInitAnswer, assertResumeAnswer, assertSignPartAnswer } from './handler-answers.js';
import { DEFAULT_REQUEST_TIMEOUT_MS, postJson, type RequestContext } from './http.js';
import type { MultipartSession, StoredPart } from '../persistence/multipart-session.js';
import type {
  CompletedPart,
  ContentChecksum,
  MultipartCompleteRequest,
  MultipartCompleteResponse,
  MultipartInitRequest,
  MultipartInitResponse,
  MultipartResumeResponse,
  MultipartSignPartRequest,
  MultipartSignPartResponse,
  MultipartTokenRequest,
} from '../../protocol/wire.js';

/** `/multipart/sign-part`'s answer, as the part uploader takes it. */
export type SignPartResponse = MultipartSignPartResponse;

/** Longer than any token this handler issues; a refused answer's longer "token" is not sent back. */
const MAX_TOKEN_LENGTH = 8192;

/** `/multipart/complete` gets this many times `requestTimeoutMs` (5 minutes by default). */
const COMPLETE_TIMEOUT_FACTOR = 10;

function isExpiredToken(error: unknown): boolean {
  return error instanceof UploadFailureError && error.status === 403 && error.serverCode === 'expired';
}

/** Whether the handler says the session is gone (404) or can no longer be resumed (403). */
export function isDeadSession(error: unknown): boolean {
  return error instanceof UploadFailureError && (error.status === 404 || error.status === 403);
}

/**
 * Whether the multipart upload itself is gone: storage answered a part PUT with 404 `NoSuchUpload`
 * (RGW: `NoSuchKey`), or the handler answered a `/multipart/*` route with 404 (it found no such
 * upload in storage). Expired, aborted or swept by a lifecycle rule, only a new upload can go on.
 */
export function isGoneUpload(error: unknown): boolean {
  if (!(error instanceof UploadFailureError) || error.status !== 404) return false;
  return error.from === 'storage' ? error.serverCode === 'NoSuchUpload' || error.serverCode === 'NoSuchKey' : true;
}

/**
 * Calls to the handler's `/multipart/*` routes for one session. A token the handler calls
 * `expired` is refreshed through `/multipart/resume` once per request; concurrent parts that hit
 * the expiry together share one refresh.
 */
export class MultipartRoutes {
  #refreshing?: Promise<void>;

  readonly #baseUrl: string;
  readonly #requestContext: () => Promise<RequestContext>;

  constructor(baseUrl: string, requestContext: () => Promise<RequestContext>) {
    this.#baseUrl = baseUrl;
    this.#requestContext = requestContext;
  }

  async init(body: MultipartInitRequest): Promise<MultipartInitResponse> {
    const answer = await postJson<MultipartInitResponse>(`${this.#baseUrl}/multipart/init`, body, await this.#requestContext());
    try {
      assertInitAnswer(answer, body.size, body.checksumAlgorithm);
    } catch (error) {
      await this.#abortRefused(answer);
      throw error;
    }
    return answer;
  }

  /**
   * A refused init answer may still stand for an upload the handler opened in storage: it is
   * aborted with the answer's own token (best effort), so the refusal leaves no parts behind.
   */
  async #abortRefused(answer: unknown): Promise<void> {
    const token = (answer as { token?: unknown } | null)?.token;
    if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return;
    const request: MultipartTokenRequest = { token };
    await postJson(`${this.#baseUrl}/multipart/abort`, request, await this.#requestContext()).catch(() => undefined);
  }

  /** Asks storage (through the handler) which parts it holds, and takes the fresh token. */
  async resume(session: MultipartSession): Promise<Map<number, StoredPart>> {
    const request: MultipartTokenRequest = { token: session.token };
    const answer = await postJson<MultipartResumeResponse>(`${this.#baseUrl}/multipart/resume`, request, await this.#requestContext());
    assertResumeAnswer(answer);
    session.token = answer.token;
    session.key = answer.key ?? session.key;
    session.confirmed = true;
    // The token decides: an upload opened with an algorithm keeps it, whatever this page's options.
    if (answer.checksumAlgorithm) session.checksumAlgorithm = answer.checksumAlgorithm;
    else delete session.checksumAlgorithm;
    // This handler states every part's size; an answer without one (checked as allowed) reads -1, unknown.
    return new Map(
      answer.parts.map((part) => [
        part.partNumber,
        { eTag: part.eTag, size: (part.size as number | undefined) ?? -1, ...(part.checksum ? { checksum: part.checksum } : {}) },
      ]),
    );
  }

  /**
   * With `contentMd5` (and `checksum`), the URL accepts only the bytes with that digest (and the
   * answer names the headers to send).
   */
  signPart(session: MultipartSession, partNumber: number, digests: { contentMd5?: string; checksum?: ContentChecksum } = {}): Promise<SignPartResponse> {
    return this.#withFreshToken(session, async () => {
      // JSON leaves out an undefined contentMd5 or checksum.
      const request: MultipartSignPartRequest = { token: session.token, partNumber, contentMd5: digests.contentMd5, checksum: digests.checksum };
      const answer = await postJson<MultipartSignPartResponse>(`${this.#baseUrl}/multipart/sign-part`, request, await this.#requestContext());
      assertSignPartAnswer(answer);
      return answer;
    });
  }

  complete(session: MultipartSession): Promise<MultipartCompleteResponse> {
    const parts: CompletedPart[] = [...session.parts]
      .sort(([a], [b]) => a - b)
      .map(([partNumber, part]) => ({ partNumber, eTag: part.eTag, ...(part.checksum ? { checksum: part.checksum } : {}) }));
    return this.#withFreshToken(session, async () => {
      const context = await this.#requestContext();
      // Storage may take minutes to assemble a large object before the handler can answer.
      const timeoutMs = COMPLETE_TIMEOUT_FACTOR * (context.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS);
      const request: MultipartCompleteRequest = { token: session.token, parts };
      const answer = await postJson<MultipartCompleteResponse>(`${this.#baseUrl}/multipart/complete`, request, { ...context, timeoutMs });
      assertCompleteAnswer(answer);
      return answer;
    });
  }

  abort(session: MultipartSession): Promise<unknown> {
    return this.#withFreshToken(session, async () =>
      postJson(`${this.#baseUrl}/multipart/abort`, { token: session.token } satisfies MultipartTokenRequest, await this.#requestContext()),
    );
  }

  async #withFreshToken<T>(session: MultipartSession, call: () => Promise<T>): Promise<T> {
    const tokenUsed = session.token;
    try {
      return await call();
    } catch (error) {
      if (!isExpiredToken(error)) throw error;
      // Another request may already have refreshed it while this one was in flight.
      if (session.token === tokenUsed) {
        this.#refreshing ??= this.resume(session)
          .then(() => undefined)
          .finally(() => {
            this.#refreshing = undefined;
          });
        await this.#refreshing;
      }
      return call();
    }
  }
}
