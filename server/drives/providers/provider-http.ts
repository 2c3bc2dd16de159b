/**
 * HTTP with the providers' APIs. Every call maps a 401 to the re-auth signal and any other
 * failure to `Drive request failed`, keeping the provider's answer for `onError` only.
 */
import { createDriveRequestError, DriveReauthRequiredError } from '../drive-errors.js';
import { toCallSignal, type UpstreamLimits } from '../upstream-limits.js';
import type { ProviderOperation } from '../../observers.js';
import { fetchProvider } from './observed-fetch.js';

/** Enough of a provider's error body to diagnose it in logs, without holding a large page. */
const ERROR_BODY_PREVIEW_BYTES = 2048;

/** Redirects a download may take (OneDrive and Box answer 302 to a pre-authenticated host). */
const MAX_DOWNLOAD_REDIRECTS = 5;

/**
 * At most the first 2 KiB of the body, decoded; the rest is never read (the connection is
 * released), so a provider answering a huge or endless error page costs nothing.
 */
async function readErrorPreview(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const preview = new Uint8Array(ERROR_BODY_PREVIEW_BYTES);
  let length = 0;
  try {
    while (length < ERROR_BODY_PREVIEW_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      const taken = Math.min(value.byteLength, ERROR_BODY_PREVIEW_BYTES - length);
      preview.set(value.subarray(0, taken), length);
      length += taken;
    }
    return new TextDecoder().decode(preview.subarray(0, length));
  } catch {
    return '';
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** The URL without its query, which may carry search text or cursors. */
function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/** The upstream status of a failed call, kept on the cause so callers can tell "no such thing" apart. */
class ProviderAnswerError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * The failure of one call. `redirected` marks an answer from the host a download was redirected
 * to: its URL is a capability (Box, OneDrive), so only its origin is kept, and its 401 says that
 * URL is spent or refused, not that the user's token is: only the API's own 401 asks to sign in again.
 */
async function toFailure(method: string, url: string, response: Response, options: { redirected?: boolean } = {}): Promise<Error> {
  const detail = await readErrorPreview(response);
  const where = options.redirected ? `${new URL(url).origin} (redirected download)` : describeUrl(url);
  const cause = new ProviderAnswerError(`${method} ${where} answered ${response.status}: ${detail}`, response.status);
  if (response.status === 401 && !options.redirected) return new DriveReauthRequiredError('the provider refused the access token', { cause });
  return createDriveRequestError(cause);
}

/** True for a provider's 404, or Dropbox's 409 (its "path or resource has nothing here" answer). */
export function isNotFoundAnswer(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  return cause instanceof ProviderAnswerError && (cause.status === 404 || cause.status === 409);
}

async function send(url: string, init: RequestInit, limits: UpstreamLimits, operation: ProviderOperation): Promise<Response> {
  try {
    return await fetchProvider(url, init, limits, operation);
  } catch (error) {
    throw createDriveRequestError(error);
  }
}

/** An authorized API call; resolves only with a 2xx response. */
export async function fetchWithToken(url: string, accessToken: string, limits: UpstreamLimits, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${accessToken}`);
  const method = init.method ?? 'GET';
  // Never followed: a redirect could lead to a plain-http host (or carry the token elsewhere).
  const response = await send(url, { ...init, method, headers, redirect: 'manual', signal: toCallSignal(limits) }, limits, 'api');
  if (isRedirect(response.status) && init.redirect !== 'manual') {
    await response.body?.cancel().catch(() => undefined);
    throw createDriveRequestError(new Error(`${method} ${describeUrl(url)} answered a redirect (${response.status}); API calls follow none`));
  }
  // With `redirect: 'manual'` the caller decides what a redirect means.
  if (!response.ok && !(init.redirect === 'manual' && response.status >= 300 && response.status < 400)) throw await toFailure(method, url, response);
  return response;
}

/** An authorized JSON API call. */
export async function fetchJsonWithToken<T>(url: string, accessToken: string, limits: UpstreamLimits, init: RequestInit = {}): Promise<T> {
  const response = await fetchWithToken(url, accessToken, limits, init);
  try {
    return (await response.json()) as T;
  } catch (error) {
    throw createDriveRequestError(error);
  }
}

/** POST of a JSON body (Dropbox's RPC style). */
export function postJsonWithToken<T>(url: string, accessToken: string, limits: UpstreamLimits, body: unknown): Promise<T> {
  return fetchJsonWithToken<T>(url, accessToken, limits, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/**
 * Where a download may be redirected: https hosts only. Loopback http is allowed only when the
 * provider's own base URL is loopback http (a local fake or proxy), so a provider answer can never
 * send the server to a plain-http host such as a cloud metadata address.
 */
export interface RedirectPolicy {
  allowLoopbackHttp: boolean;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function isLoopbackHttp(url: string): boolean {
  const parsed = new URL(url);
  return parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname);
}

/** The redirect policy of a provider whose API is at `apiBase`. */
export function toRedirectPolicy(apiBase: string): RedirectPolicy {
  return { allowLoopbackHttp: isLoopbackHttp(apiBase) };
}

function assertRedirectAllowed(target: URL, policy: RedirectPolicy): void {
  if (target.protocol === 'https:') return;
  if (policy.allowLoopbackHttp && isLoopbackHttp(target.href)) return;
  throw createDriveRequestError(new Error(`a download redirect to ${target.protocol}//${target.host} was refused (https only)`));
}

/**
 * A download whose redirects are followed by hand: the bearer token goes to the provider's API
 * only, never to the storage host it redirects to (those URLs are pre-authenticated). The timeout
 * covers the wait for the answer's headers; the client's signal stays on the body, and the part
 * reader times out a body that stops sending.
 */
export async function fetchDownload(
  url: string,
  accessToken: string,
  limits: UpstreamLimits,
  policy: RedirectPolicy,
  init: RequestInit = {},
): Promise<Response> {
  const method = init.method ?? 'GET';
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${accessToken}`);
  const controller = new AbortController();
  const stopOnClientAbort = () => controller.abort(limits.signal?.reason);
  if (limits.signal?.aborted) stopOnClientAbort();
  limits.signal?.addEventListener('abort', stopOnClientAbort, { once: true });
  const timer = setTimeout(() => controller.abort(new Error(`no answer within ${limits.timeoutMs} ms`)), limits.timeoutMs);
  try {
    let response = await send(url, { ...init, method, headers, redirect: 'manual', signal: controller.signal }, limits, 'download');
    let currentUrl = url;
    for (let redirects = 0; isRedirect(response.status); redirects += 1) {
      const location = response.headers.get('location');
      if (!location || redirects >= MAX_DOWNLOAD_REDIRECTS) throw await toFailure(method, currentUrl, response, { redirected: redirects > 0 });
      await response.body?.cancel();
      const target = new URL(location, currentUrl);
      assertRedirectAllowed(target, policy);
      currentUrl = target.href;
      response = await send(currentUrl, { redirect: 'manual', signal: controller.signal }, limits, 'download');
    }
    if (!response.ok) throw await toFailure(method, currentUrl, response, { redirected: currentUrl !== url });
    return response;
  } catch (error) {
    limits.signal?.removeEventListener('abort', stopOnClientAbort);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/** The body of a successful download, or a failure when the provider sent none. */
export function getResponseBody(response: Response): ReadableStream<Uint8Array> {
  if (!response.body) throw createDriveRequestError(new Error('the provider sent a download without a body'));
  return response.body;
}

/** `Content-Length` as a number of bytes; `undefined` when absent or unusable (chunked, compressed). */
export function getContentLength(response: Response): number | undefined {
  if (response.headers.get('content-encoding')) return undefined;
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}
