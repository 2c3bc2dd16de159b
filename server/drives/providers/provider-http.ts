/**
 * HTTP with the providers' APIs. Every call maps a 401 to the re-auth signal and any other
 * failure to `Drive request failed`, keeping the provider's answer for `onError` only.
 */
import { createDriveRequestError, DriveReauthRequiredError } from '../drive-errors.js';

/** Enough of a provider's error body to diagnose it in logs, without holding a large page. */
const ERROR_BODY_PREVIEW_BYTES = 2048;

/** Redirects a download may take (OneDrive and Box answer 302 to a pre-authenticated host). */
const MAX_DOWNLOAD_REDIRECTS = 5;

async function readErrorPreview(response: Response): Promise<string> {
  try {
    const text = await response.text();
    return text.slice(0, ERROR_BODY_PREVIEW_BYTES);
  } catch {
    return '';
  }
}

/** The URL without its query, which may carry search text or cursors. */
function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

async function toFailure(method: string, url: string, response: Response): Promise<Error> {
  const detail = await readErrorPreview(response);
  const cause = new Error(`${method} ${describeUrl(url)} answered ${response.status}: ${detail}`);
  if (response.status === 401) return new DriveReauthRequiredError('the provider refused the access token', { cause });
  return createDriveRequestError(cause);
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    throw createDriveRequestError(error);
  }
}

/** An authorized API call; resolves only with a 2xx response. */
export async function fetchWithToken(url: string, accessToken: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${accessToken}`);
  const method = init.method ?? 'GET';
  const response = await send(url, { ...init, method, headers });
  if (!response.ok) throw await toFailure(method, url, response);
  return response;
}

/** An authorized JSON API call. */
export async function fetchJsonWithToken<T>(url: string, accessToken: string, init: RequestInit = {}): Promise<T> {
  const response = await fetchWithToken(url, accessToken, init);
  try {
    return (await response.json()) as T;
  } catch (error) {
    throw createDriveRequestError(error);
  }
}

/** POST of a JSON body (Dropbox's RPC style). */
export function postJsonWithToken<T>(url: string, accessToken: string, body: unknown): Promise<T> {
  return fetchJsonWithToken<T>(url, accessToken, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/**
 * A download whose redirects are followed by hand: the bearer token goes to the provider's API
 * only, never to the storage host it redirects to (those URLs are pre-authenticated).
 */
export async function fetchDownload(url: string, accessToken: string, init: RequestInit = {}): Promise<Response> {
  const method = init.method ?? 'GET';
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${accessToken}`);
  let response = await send(url, { ...init, method, headers, redirect: 'manual' });
  let currentUrl = url;
  for (let redirects = 0; isRedirect(response.status); redirects += 1) {
    const location = response.headers.get('location');
    if (!location || redirects >= MAX_DOWNLOAD_REDIRECTS) throw await toFailure(method, currentUrl, response);
    await response.body?.cancel();
    currentUrl = new URL(location, currentUrl).href;
    response = await send(currentUrl, { redirect: 'manual' });
  }
  if (!response.ok) throw await toFailure(method, currentUrl, response);
  return response;
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
