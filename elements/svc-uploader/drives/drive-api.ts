/**
 * The browser's side of the handler's drive routes: the sign-in URL, sign-out, folder listings and
 * searches, and server-side transfers. Requests carry cookies (`credentials: 'include'`), since drive tokens
 * are kept per signed-in user, plus the uploader's `requestHeaders`.
 */
import { MAX_HANDLER_ANSWER_BYTES, MAX_SERVER_CODE_LENGTH, MAX_SERVER_MESSAGE_LENGTH } from '../../../engine/upload/answer-bounds.js';
import { readCappedText } from '../../../engine/upload/capped-text.js';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '../../../engine/upload/request-timeout.js';
import { withTimeout } from '../../../engine/upload/timeout-signal.js';
import { toDriveFileEntries } from './drive-entries.js';
import type { DriveFileEntry, DriveProviderSlug } from './drive-types.js';
import type { DriveListResponse, DriveTransferRequest, DriveTransferResponse } from '../../../protocol/wire.js';

export type DriveListRequest = { folderId?: string } | { search: string } | { cursor: string };

/** A listing as the panel uses it: the handler's answer without the provider it already knows. */
export type DriveListing = Pick<DriveListResponse, 'files' | 'nextCursor'>;

export type { DriveTransferResponse };

/** A drive route refused. `reauth` is the handler's signal that the user must sign in again. */
export class DriveRequestError extends Error {
  override readonly name = 'DriveRequestError';
  constructor(
    message: string,
    readonly status: number,
    readonly reauth: boolean,
    readonly serverCode?: string,
  ) {
    super(message);
  }
}

export function isDriveRequestError(error: unknown): error is DriveRequestError {
  // By name, so a second copy of the bundle on the page still recognises it.
  return typeof error === 'object' && error !== null && (error as Error).name === 'DriveRequestError';
}

type HeadersSource = () => Promise<Record<string, string>>;

/** Told how many entries of a listing were malformed and left out. */
export type DroppedEntriesListener = (dropped: number) => void;

const MAX_CURSOR_CHARS = 4096;

export class DriveApi {
  /** The handler's mount URL, absolute, without a trailing slash. */
  readonly baseUrl: string;
  /** The only origin whose sign-in message is believed. */
  readonly serverOrigin: string;

  readonly #headers: HeadersSource;
  readonly #onDroppedEntries: DroppedEntriesListener;
  /** Listing and sign-out give up after this long; a transfer runs as long as the copy takes. */
  readonly #timeoutMs: number;

  constructor(
    serverUrl: string,
    readonly provider: DriveProviderSlug,
    headers: HeadersSource,
    onDroppedEntries: DroppedEntriesListener = () => undefined,
    timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS,
  ) {
    this.#headers = headers;
    this.#onDroppedEntries = onDroppedEntries;
    this.#timeoutMs = timeoutMs;
    this.baseUrl = new URL(serverUrl, document.baseURI).href.replace(/\/+$/, '');
    this.serverOrigin = new URL(this.baseUrl).origin;
  }

  /** Where the sign-in popup goes: the handler answers 302 to the provider's consent page. */
  get signInUrl(): string {
    return `${this.baseUrl}/auth/${this.provider}`;
  }

  /** Ends the connection on the server: it revokes the tokens at the provider and forgets them (204). */
  async signOut(signal: AbortSignal): Promise<void> {
    await this.#send(`${this.baseUrl}/auth/${this.provider}/sign-out`, { method: 'POST', signal: withTimeout(signal, this.#timeoutMs) }, true);
  }

  async list(request: DriveListRequest, signal: AbortSignal): Promise<DriveListing> {
    const url = new URL(`${this.baseUrl}/files/${this.provider}`);
    if ('cursor' in request) url.searchParams.set('cursor', request.cursor);
    else if ('search' in request) url.searchParams.set('search', request.search);
    else if (request.folderId) url.searchParams.set('folderId', request.folderId);
    const body = await this.#send(url.href, { method: 'GET', signal: withTimeout(signal, this.#timeoutMs) });
    const listing = body as Partial<DriveListing>;
    if (!Array.isArray(listing.files)) throw new DriveRequestError(`GET ${url.pathname} answered no file list`, 200, false);
    const { files, dropped } = toDriveFileEntries(listing.files);
    if (dropped > 0) this.#onDroppedEntries(dropped);
    const cursor = listing.nextCursor;
    return { files, ...(typeof cursor === 'string' && cursor.length > 0 && cursor.length <= MAX_CURSOR_CHARS ? { nextCursor: cursor } : {}) };
  }

  async transfer(file: DriveFileEntry, signal: AbortSignal, extraHeaders: Record<string, string> = {}): Promise<DriveTransferResponse> {
    const body: DriveTransferRequest = { fileId: file.id };
    // Declared so the handler can refuse early (413, 415); it checks the provider's own values again.
    if (file.size !== undefined) body.size = file.size;
    if (file.mimeType) body.mimeType = file.mimeType;
    const answer = await this.#send(`${this.baseUrl}/files/${this.provider}/transfer`, {
      method: 'POST',
      signal,
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...extraHeaders },
    });
    const stored = answer as Partial<DriveTransferResponse>;
    if (typeof stored.key !== 'string' || typeof stored.size !== 'number') {
      throw new DriveRequestError('The transfer answer lacks key or size', 200, false);
    }
    return stored as DriveTransferResponse;
  }

  /** The JSON answer of a drive route; with `okIsEnough` (sign-out answers 204) any 2xx. */
  async #send(url: string, init: RequestInit & { headers?: Record<string, string> }, okIsEnough = false): Promise<unknown> {
    const what = `${init.method} ${new URL(url).pathname}`;
    let response: Response;
    let text: string | undefined;
    try {
      response = await fetch(url, { ...init, credentials: 'include', headers: { ...(await this.#headers()), ...init.headers } });
      text = await readCappedText(response, MAX_HANDLER_ANSWER_BYTES);
    } catch (error) {
      // The caller's own abort is no failure; the time limit is.
      if (init.signal?.aborted && (init.signal.reason as Error | undefined)?.name === 'TimeoutError') {
        throw new DriveRequestError(`${what} got no answer within ${this.#timeoutMs} ms`, 0, false);
      }
      throw error;
    }
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (response.ok && (body !== undefined || okIsEnough)) return body;
    const failure = (body ?? {}) as { error?: unknown; code?: unknown; reauth?: unknown };
    const message =
      typeof failure.error === 'string'
        ? failure.error.slice(0, MAX_SERVER_MESSAGE_LENGTH)
        : `${what} answered ${response.status}${text === undefined ? ' more than 4 MiB' : ''}`;
    throw new DriveRequestError(
      message,
      response.status,
      response.status === 401 && failure.reauth === true,
      typeof failure.code === 'string' ? failure.code.slice(0, MAX_SERVER_CODE_LENGTH) : undefined,
    );
  }
}
