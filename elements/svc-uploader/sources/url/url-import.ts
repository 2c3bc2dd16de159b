/**
 * What the link import accepts (http and https URLs), how its failures are named, and its limits.
 * The download itself (url-download.ts) is loaded with the first import.
 */

export type UrlImportErrorCode =
  | 'URL_INVALID'
  | 'URL_CORS_BLOCKED'
  | 'URL_NETWORK_ERROR'
  | 'URL_HTTP_ERROR'
  | 'URL_TOO_LARGE'
  | 'URL_TIMEOUT'
  | 'URL_TYPE_MISMATCH'
  | 'URL_READ_FAILED'
  | 'URL_ABORTED';

export class UrlImportError extends Error {
  override readonly name = 'UrlImportError';
  constructor(
    readonly code: UrlImportErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export function isUrlImportError(error: unknown): error is UrlImportError {
  // Checked by name so a second copy of the bundle on the page still recognises it.
  return typeof error === 'object' && error !== null && (error as Error).name === 'UrlImportError';
}

/** How much of a remote answer is read, and how long a silent link is waited for. */
export interface UrlImportLimits {
  /** The download stops (and is refused) beyond this many bytes. */
  maxBytes: number;
  /** Milliseconds without an answer or a new byte before the import gives up. */
  idleTimeoutMs: number;
  /** Milliseconds the whole import may take, however steadily bytes arrive. */
  totalTimeoutMs: number;
}

/**
 * The whole import's deadline, as a multiple of the idle timeout (10 minutes by default): a link
 * that sends one byte every few seconds never stays silent long enough for the idle timeout.
 */
export const TOTAL_TIMEOUT_FACTOR = 20;

/** Resolves `text` against the page, accepting only http(s) URLs. */
export function parseImportUrl(text: string, base = document.baseURI): URL {
  let url: URL;
  try {
    url = new URL(text.trim(), base);
  } catch {
    throw new UrlImportError('URL_INVALID', `Not a URL: ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UrlImportError('URL_INVALID', `Only http and https URLs can be imported: ${text}`);
  return url;
}
