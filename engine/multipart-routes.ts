import { UploadFailureError } from './errors.js';
import { assertCompleteAnswer, assertInitAnswer, assertResumeAnswer, assertSignPartAnswer } from './handler-answers.js';
import { DEFAULT_REQUEST_TIMEOUT_MS, postJson, type RequestContext } from './http.js';
import type { MultipartSession, StoredPart } from './multipart-session.js';

export interface MultipartInitResponse {
  key: string;
  uploadId: string;
  partSize: number;
  expiresIn: number;
  token: string;
}

export interface SignPartResponse {
  uploadUrl: string;
  uploadHeaders?: Record<string, string>;
}

export interface CompleteResponse {
  key: string;
  publicUrl?: string;
  downloadUrl?: string;
  etag?: string;
}

interface ResumeResponse {
  key: string;
  token: string;
  parts: Array<{ partNumber: number; eTag: string; size?: number }>;
}

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
 * Calls to the handler's `/multipart/*` routes for one session. A token the handler calls
 * `expired` is refreshed through `/multipart/resume` once per request; concurrent parts that hit
 * the expiry together share one refresh.
 */
export class MultipartRoutes {
  private refreshing?: Promise<void>;

  constructor(
    private readonly baseUrl: string,
    private readonly requestContext: () => Promise<RequestContext>,
  ) {}

  async init(body: Record<string, unknown> & { size: number }): Promise<MultipartInitResponse> {
    const answer = await postJson<MultipartInitResponse>(`${this.baseUrl}/multipart/init`, body, await this.requestContext());
    assertInitAnswer(answer, body.size);
    return answer;
  }

  /** Asks storage (through the handler) which parts it holds, and takes the fresh token. */
  async resume(session: MultipartSession): Promise<Map<number, StoredPart>> {
    const answer = await postJson<ResumeResponse>(`${this.baseUrl}/multipart/resume`, { token: session.token }, await this.requestContext());
    assertResumeAnswer(answer);
    session.token = answer.token;
    session.key = answer.key ?? session.key;
    session.confirmed = true;
    return new Map(answer.parts.map((part) => [part.partNumber, { eTag: part.eTag, size: part.size ?? -1 }]));
  }

  signPart(session: MultipartSession, partNumber: number): Promise<SignPartResponse> {
    return this.withFreshToken(session, async () => {
      const answer = await postJson<SignPartResponse>(`${this.baseUrl}/multipart/sign-part`, { token: session.token, partNumber }, await this.requestContext());
      assertSignPartAnswer(answer);
      return answer;
    });
  }

  complete(session: MultipartSession): Promise<CompleteResponse> {
    const parts = [...session.parts]
      .sort(([a], [b]) => a - b)
      .map(([partNumber, part]) => ({ partNumber, eTag: part.eTag }));
    return this.withFreshToken(session, async () => {
      const context = await this.requestContext();
      // Storage may take minutes to assemble a large object before the handler can answer.
      const timeoutMs = COMPLETE_TIMEOUT_FACTOR * (context.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS);
      const answer = await postJson<CompleteResponse>(`${this.baseUrl}/multipart/complete`, { token: session.token, parts }, { ...context, timeoutMs });
      assertCompleteAnswer(answer);
      return answer;
    });
  }

  abort(session: MultipartSession): Promise<unknown> {
    return this.withFreshToken(session, async () =>
      postJson(`${this.baseUrl}/multipart/abort`, { token: session.token }, await this.requestContext()),
    );
  }

  private async withFreshToken<T>(session: MultipartSession, call: () => Promise<T>): Promise<T> {
    const tokenUsed = session.token;
    try {
      return await call();
    } catch (error) {
      if (!isExpiredToken(error)) throw error;
      // Another request may already have refreshed it while this one was in flight.
      if (session.token === tokenUsed) {
        this.refreshing ??= this.resume(session)
          .then(() => undefined)
          .finally(() => {
            this.refreshing = undefined;
          });
        await this.refreshing;
      }
      return call();
    }
  }
}
