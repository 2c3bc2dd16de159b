/**
 * The headers a presign answer asks the browser to send with its PUT. Servers spell the names
 * differently (`Content-Type` as HTTP does, `content-type` from older servers), and header names
 * are case-insensitive, so two spellings of one name must not both reach `setRequestHeader`
 * (which would join them into `image/png, image/png` and break the signature).
 */

/** Names the browser sets itself; a script that tries gets a console error and nothing else. */
const BROWSER_OWNED = new Set(['content-length', 'host', 'connection']);

/** One entry per case-insensitive name, the last spelling winning; browser-owned names dropped. */
export function toUploadRequestHeaders(uploadHeaders: Record<string, unknown> | undefined): Record<string, string> {
  const byName = new Map<string, [string, string]>();
  if (typeof uploadHeaders !== 'object' || uploadHeaders === null) return {};
  for (const [name, value] of Object.entries(uploadHeaders)) {
    const lower = name.toLowerCase();
    if (typeof value !== 'string' || BROWSER_OWNED.has(lower)) continue;
    byName.set(lower, [name, value]);
  }
  return Object.fromEntries(byName.values());
}
