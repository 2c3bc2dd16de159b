import type { FailureBody } from '../types.js';

export const REQUEST_ID_HEADER = 'x-svc-request-id';

export function toJsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    // nosniff: failure bodies echo client text (`Unknown provider: <slug>`), never to be read as HTML.
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
  });
}

export function toFailureResponse(status: number, error: string, code?: string): Response {
  const body: FailureBody = code === undefined ? { error } : { error, code };
  return toJsonResponse(body, status);
}

/**
 * Adds the request id and CORS headers. Responses made elsewhere (`Response.redirect`, a fetched
 * response) have immutable headers, so those are copied into a new response first.
 */
export function withResponseHeaders(response: Response, headers: Record<string, string>): Response {
  let target = response;
  try {
    for (const [name, value] of Object.entries(headers)) target.headers.set(name, value);
  } catch {
    target = new Response(response.body, { status: response.status, statusText: response.statusText, headers: new Headers(response.headers) });
    for (const [name, value] of Object.entries(headers)) target.headers.set(name, value);
  }
  return target;
}
