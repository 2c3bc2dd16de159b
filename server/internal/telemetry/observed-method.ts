/**
 * The methods observers see by name; any other becomes `_OTHER` (as OpenTelemetry's HTTP
 * conventions spell it), because a client chooses the method and a metric label must not let it
 * mint new series.
 */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function toObservedMethod(method: string): string {
  return KNOWN_METHODS.has(method) ? method : '_OTHER';
}
