import type { UploadErrorRecord, UploadHooks } from '../types.js';

/**
 * Hands a failure to `hooks.onError`. Without that hook, server-side failures (5xx) and swallowed
 * hook errors go to `console.error`; client mistakes (4xx) stay quiet. A throwing `onError` is
 * ignored: reporting must never change the response.
 */
export function reportError(hooks: UploadHooks, record: UploadErrorRecord): void {
  if (hooks.onError) {
    try {
      const result = hooks.onError(record);
      if (result instanceof Promise) result.catch(() => undefined);
    } catch {
      // Deliberately ignored, see above.
    }
    return;
  }
  if (record.status >= 500 || record.swallowedFrom) {
    const origin = record.swallowedFrom ? ` (${record.swallowedFrom} threw; response unchanged)` : '';
    console.error(`[svc-uploader] ${record.method} ${record.route} -> ${record.status} ${record.message}${origin}, request ${record.requestId}:`, record.error);
  }
}
