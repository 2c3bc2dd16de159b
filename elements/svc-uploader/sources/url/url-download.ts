/**
 * Downloads a URL into a File in the browser. A cross-origin server must allow this page with
 * CORS; when it does not, the browser reports only "failed to fetch", so a second, opaque
 * (`no-cors`) request tells "the server answered but refused to share" apart from "unreachable".
 *
 * The remote server is not trusted: the download stops at the size limit (a declared
 * `Content-Length` above it is refused before the body is read), a link that stops sending bytes
 * times out, and the file's type comes from its bytes (see content-sniffing.ts), not from the
 * server's `Content-Type` or the path. No cookies or credentials are sent.
 */
import { BodyTooLargeError, readCappedBody } from './capped-body.js';
import { decideContentType, SNIFF_HEAD_BYTES } from './content-sniffing.js';
import { parseImportUrl, UrlImportError, type UrlImportLimits } from './url-import.js';

/**
 * A signal that aborts when `signal` does, when `idleTimeoutMs` pass without `touch()`, or when
 * `totalTimeoutMs` pass in all: a slow but steady download goes on for a while, a link that stops
 * sending is given up, and so is one that drips a byte now and then.
 */
function idleDeadline(signal: AbortSignal, idleTimeoutMs: number, totalTimeoutMs: number) {
  const timeout = new AbortController();
  let overall = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const touch = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => timeout.abort(), idleTimeoutMs);
  };
  const total = setTimeout(() => {
    overall = true;
    timeout.abort();
  }, totalTimeoutMs);
  touch();
  return {
    signal: AbortSignal.any([signal, timeout.signal]),
    touch,
    timedOut: () => timeout.signal.aborted && !signal.aborted,
    overall: () => overall,
    dispose: () => {
      clearTimeout(timer);
      clearTimeout(total);
    },
  };
}

export async function fetchUrlAsFile(text: string, signal: AbortSignal, limits: UrlImportLimits): Promise<File> {
  const url = parseImportUrl(text);
  const deadline = idleDeadline(signal, limits.idleTimeoutMs, limits.totalTimeoutMs);
  const stopped = (): UrlImportError => {
    if (!deadline.timedOut()) return new UrlImportError('URL_ABORTED', `Import of ${url.href} was stopped.`);
    return deadline.overall()
      ? new UrlImportError('URL_TIMEOUT', `${url.href} took more than ${limits.totalTimeoutMs} ms in all.`)
      : new UrlImportError('URL_TIMEOUT', `${url.href} stopped answering for ${limits.idleTimeoutMs} ms.`);
  };
  try {
    let response: Response;
    try {
      response = await fetch(url, { mode: 'cors', credentials: 'omit', signal: deadline.signal });
    } catch (error) {
      if (deadline.signal.aborted) throw stopped();
      throw await classifyFetchFailure(url, deadline.signal, error);
    }
    deadline.touch();
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new UrlImportError('URL_HTTP_ERROR', `${url.href} answered ${response.status}.`, response.status);
    }
    const tooLarge = new UrlImportError('URL_TOO_LARGE', `${url.href} is larger than ${limits.maxBytes} bytes.`);
    let blob: Blob;
    try {
      blob = await readCappedBody(response, limits.maxBytes, deadline.touch);
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw tooLarge;
      if (deadline.signal.aborted) throw stopped();
      throw new UrlImportError('URL_NETWORK_ERROR', `The download of ${url.href} broke off.`);
    }
    const name = fileNameFor(url, response);
    let head: Uint8Array;
    try {
      head = new Uint8Array(await blob.slice(0, SNIFF_HEAD_BYTES).arrayBuffer());
    } catch {
      // Chromium can fail to keep hundreds of megabytes of Blob data (ERR_BLOB_OUT_OF_MEMORY).
      throw new UrlImportError('URL_READ_FAILED', `The file at ${url.href} could not be kept in the browser.`);
    }
    const verdict = decideContentType(name, declaredContentType(response), head);
    if (!verdict.ok) {
      throw new UrlImportError(
        'URL_TYPE_MISMATCH',
        `${url.href} claims to be ${verdict.claimed} but its bytes are ${verdict.sniffed ?? 'of no known format'}.`,
      );
    }
    return new File([blob], name, {
      type: verdict.type,
      lastModified: Date.parse(response.headers.get('last-modified')?.slice(0, 100) ?? '') || Date.now(),
    });
  } finally {
    deadline.dispose();
  }
}

/** The server's `Content-Type` without parameters, or '' when it is not a plain `type/subtype`. */
function declaredContentType(response: Response): string {
  const value = (response.headers.get('content-type') ?? '').slice(0, 200).split(';')[0]!.trim().toLowerCase();
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(value) ? value : '';
}

async function classifyFetchFailure(url: URL, signal: AbortSignal, cause: unknown): Promise<UrlImportError> {
  const crossOrigin = url.origin !== location.origin;
  if (crossOrigin) {
    try {
      // An opaque answer proves the server is reachable, so the real failure was CORS.
      await fetch(url, { mode: 'no-cors', credentials: 'omit', signal });
      return new UrlImportError(
        'URL_CORS_BLOCKED',
        `${url.origin} does not allow this page to download ${url.href} (no CORS permission for ${location.origin}).`,
      );
    } catch {
      if (signal.aborted) return new UrlImportError('URL_ABORTED', `Import of ${url.href} was stopped.`);
    }
  }
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new UrlImportError('URL_NETWORK_ERROR', `${url.href} could not be reached (${reason}).`);
}

/** Longest `Content-Disposition` read: the patterns below run only on a bounded string. */
const MAX_DISPOSITION_CHARS = 2048;

/** Name from Content-Disposition (when the server exposes it), else the last path segment. */
function fileNameFor(url: URL, response: Response): string {
  const disposition = (response.headers.get('content-disposition') ?? '').slice(0, MAX_DISPOSITION_CHARS);
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
