/**
 * Thumbnail links a provider hands out in its listings (Google Drive's `thumbnailLink`, OneDrive's
 * `thumbnails`), which the browser loads as they are. A provider answer is untrusted input, and a
 * link it names would be fetched by every user's browser with that host's cookies: so a link
 * reaches the page only when it is https on one of the provider's own thumbnail hosts, or on the
 * API base the handler was configured with (a proxy or local stand-in), and is of a sane length.
 * Anything else (plain http, an intranet or metadata address, another site) is left out: the row
 * shows no picture.
 */

/** Longer than any real thumbnail link (Google's run to a few hundred characters). */
const MAX_LINK_LENGTH = 2048;

export interface ThumbnailHosts {
  /** Host names ending in one of these (with the dot) are the provider's, over https. */
  hostSuffixes: readonly string[];
  /** The configured API base, when one was: its origin is accepted as it is. */
  apiBase?: string;
}

/** Google Drive: `https://lh3.googleusercontent.com/...` and its siblings. */
export const GOOGLE_THUMBNAIL_HOSTS: readonly string[] = ['.googleusercontent.com'];

/** OneDrive personal (`*.files.1drv.com`, `*.livefilestore.com`) and for work (`*.sharepoint.com`, `*-mediap.svc.ms`). */
export const ONE_DRIVE_THUMBNAIL_HOSTS: readonly string[] = ['.files.1drv.com', '.livefilestore.com', '.sharepoint.com', '.svc.ms'];

export function toTrustedThumbnailLink(link: unknown, hosts: ThumbnailHosts): string | undefined {
  if (typeof link !== 'string' || link.length > MAX_LINK_LENGTH || !URL.canParse(link)) return undefined;
  const url = new URL(link);
  if (url.username || url.password) return undefined;
  if (hosts.apiBase !== undefined && url.origin === new URL(hosts.apiBase).origin) return url.href;
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return undefined;
  return hosts.hostSuffixes.some((suffix) => url.hostname.endsWith(suffix)) ? url.href : undefined;
}
