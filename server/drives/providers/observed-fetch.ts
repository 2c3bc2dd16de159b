/**
 * Every HTTP call the handler makes to a drive provider goes through here, so each one is timed
 * for the request's observers with a bounded outcome: never the URL, which names files and, for
 * redirected downloads, carries a capability.
 */
import type { ProviderOperation } from '../../observers.js';
import type { UpstreamLimits } from '../upstream-limits.js';

function toFailedCallOutcome(callSignal: AbortSignal | null | undefined, clientSignal: AbortSignal | undefined): string {
  if (clientSignal?.aborted) return 'aborted';
  // Only the call's own deadline is left to have aborted it.
  if (callSignal?.aborted) return 'timeout';
  return 'network_error';
}

export async function fetchProvider(
  url: string,
  init: RequestInit,
  limits: Pick<UpstreamLimits, 'signal' | 'observeCall'>,
  operation: ProviderOperation,
): Promise<Response> {
  const end = limits.observeCall?.(operation);
  try {
    const response = await fetch(url, init);
    end?.(response.status < 400 ? 'ok' : `http_${response.status}`);
    return response;
  } catch (error) {
    end?.(toFailedCallOutcome(init.signal, limits.signal));
    throw error;
  }
}
