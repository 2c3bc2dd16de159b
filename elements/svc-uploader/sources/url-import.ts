/**
 * Downloads a URL into a File in the browser. A cross-origin server must allow this page with
 * CORS; when it does not, the browser reports only "failed to fetch", so a second, opaque
 * (`no-cors`) request tells "the server answered but refused to share" apart from "unreachable".
 */

export type UrlImportErrorCode =
  | 'URL_INVALID'
  | 'URL_CORS_BLOCKED'
  | 'URL_NETWORK_ERROR'
  | 'URL_HTTP_ERROR'
  | 'URL_ABORTED';

export class UrlImportError extends Error {
  override readonly name = 'UrlImportError';
  constructor(readonly code: UrlImportErrorCode, message: string, readonly status?: number) {
    super(message);
  }
}

export function isUrlImportError(error: unknown): error is UrlImportError {
  // Checked by name so a second copy of the bundle on the page still recognises it.
  return typeof error === 'object' && error !== null && (error as Error).name === 'UrlImportError';
}

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

export async function fetchUrlAsFile(text: string, signal: AbortSignal): Promise<File> {
  const url = parseImportUrl(text);
  let response: Response;
  try {
    response = await fetch(url, { mode: 'cors', credentials: 'omit', signal });
  } catch (error) {
    if (signal.aborted) throw new UrlImportError('URL_ABORTED', `Import of ${url.href} was stopped.`);
    throw await classifyFetchFailure(url, signal, error);
  }
  if (!response.ok) throw new UrlImportError('URL_HTTP_ERROR', `${url.href} answered ${response.status}.`, response.status);
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    if (signal.aborted) throw new UrlImportError('URL_ABORTED', `Import of ${url.href} was stopped.`);
    throw new UrlImportError('URL_NETWORK_ERROR', `The download of ${url.href} broke off.`);
  }
  return new File([blob], fileNameFor(url, response), {
    type: blob.type || response.headers.get('content-type')?.split(';')[0] || '',
    lastModified: Date.parse(response.headers.get('last-modified') ?? '') || Date.now(),
  });
}

async function classifyFetchFailure(url: URL, signal: AbortSignal, cause: unknown): Promise<UrlImportError> {
  const crossOrigin = url.origin !== location.origin;
  if (crossOrigin) {
    try {
      // An opaque answer proves the server is reachable, so the real failure was CORS.
      await fetch(url, { mode: 'no-cors', credentials: 'omit', signal });
      return new UrlImportError('URL_CORS_BLOCKED', `${url.origin} does not allow this page to download ${url.href} (no CORS permission for ${location.origin}).`);
    } catch {
      if (signal.aborted) return new UrlImportError('URL_ABORTED', `Import of ${url.href} was stopped.`);
    }
  }
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new UrlImportError('URL_NETWORK_ERROR', `${url.href} could not be reached (${reason}).`);
}

/** Name from Content-Disposition (when the server exposes it), else the last path segment. */
export function fileNameFor(url: URL, response: Response): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Fall through to the plain form.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1];
  if (plain) return plain.trim();
  const segment = url.pathname.split('/').filter(Boolean).pop();
  try {
    return segment ? decodeURIComponent(segment) : url.hostname;
  } catch {
    return segment ?? url.hostname;
  }
}
