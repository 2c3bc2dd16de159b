/**
 * Suffix routing: the handler can be mounted under any prefix, so the route is found by matching
 * the end of the path against the route shapes, after trailing slashes are stripped.
 */

import { trimTrailing } from './linear-text.js';

/** Fixed shapes first, so `/auth/presign` is /presign and not provider "presign"; longer shapes first. */
const ROUTE_SHAPES: readonly (readonly string[])[] = [
  ['multipart', 'init'],
  ['multipart', 'sign-part'],
  ['multipart', 'complete'],
  ['multipart', 'abort'],
  ['multipart', 'resume'],
  ['health'],
  ['presign'],
  ['complete'],
  ['auth', ':', 'cb'],
  ['auth', ':', 'sign-out'],
  ['files', ':', 'transfer'],
  ['files', ':', 'thumbnail'],
  ['auth', ':'],
  ['files', ':'],
];

export interface SplitPath {
  /** Everything before the route, without a trailing slash: `/api/upload`, or `` at the root. */
  mountPath: string;
  /** The route part, `/multipart/init`; the whole stripped path when no shape matched. */
  routePath: string;
  matched: boolean;
}

function matchesTail(segments: readonly string[], shape: readonly string[]): boolean {
  if (segments.length < shape.length + 1) return false;
  const tail = segments.slice(segments.length - shape.length);
  return shape.every((part, index) => (part === ':' ? tail[index] !== '' : part === tail[index]));
}

export function splitRoutePath(pathname: string): SplitPath {
  const stripped = trimTrailing(pathname, '/') || '/';
  const segments = stripped.split('/');
  for (const shape of ROUTE_SHAPES) {
    if (!matchesTail(segments, shape)) continue;
    const cut = segments.length - shape.length;
    return { mountPath: segments.slice(0, cut).join('/'), routePath: `/${segments.slice(cut).join('/')}`, matched: true };
  }
  return { mountPath: '', routePath: stripped, matched: false };
}
