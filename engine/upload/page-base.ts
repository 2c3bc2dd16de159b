/**
 * Where the page runs, for resolving the URLs the host and the handler give. `self.origin` and
 * `document.baseURI` rather than `location`: in an `about:srcdoc` frame `location.origin` is
 * "null" (an invalid base) while the document really runs with its parent's origin and base.
 */

/** The page's origin, or undefined outside a window or worker with a real origin. */
export function getPageOrigin(): string | undefined {
  const origin = typeof self === 'undefined' ? undefined : self.origin;
  return origin && origin !== 'null' ? origin : undefined;
}

/** The base relative URLs resolve against. */
export function getPageBase(): string | undefined {
  if (typeof document !== 'undefined') return document.baseURI;
  return typeof location === 'undefined' ? undefined : location.href;
}
