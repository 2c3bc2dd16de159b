/**
 * The upload events a route's answer means. Completions are not here: they are reported where an
 * object counts (finalize-upload.ts), once per object however often the client repeats its
 * completion request.
 */
import type { UploadEvent, UploadPath } from '../../observers.js';

/** Routes that start an upload: 2xx started it, 4xx refused it. */
const STARTING_ROUTES: Readonly<Record<string, UploadPath>> = {
  '/presign': 'single',
  '/multipart/init': 'multipart',
  '/files/:provider/transfer': 'drive-transfer',
};

/** Routes whose success finishes an upload in the path: where its completion is reported. */
const COMPLETING_ROUTES: Readonly<Record<string, UploadPath>> = {
  '/complete': 'single',
  '/multipart/complete': 'multipart',
  '/files/:provider/transfer': 'drive-transfer',
};

export function toRefusalReason(status: number, code: string | undefined): string {
  return code ?? `http_${status}`;
}

export function readUploadEvent(route: string, status: number, code: string | undefined): UploadEvent | undefined {
  if (route === '/multipart/abort') return status < 300 ? { path: 'multipart', outcome: 'aborted' } : undefined;
  const path = STARTING_ROUTES[route];
  if (path === undefined) return undefined;
  if (status >= 200 && status < 300) return { path, outcome: 'started' };
  if (status >= 400 && status < 500) return { path, outcome: 'refused', reason: toRefusalReason(status, code) };
  return undefined;
}

export function completingPathOf(route: string): UploadPath | undefined {
  return COMPLETING_ROUTES[route];
}
