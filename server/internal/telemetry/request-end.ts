/** What the handler shell tells a request's telemetry once the response is ready. */
import type { RequestResult } from '../../observers.js';
import type { RequestState } from '../router.js';
import { toObservedMethod } from './observed-method.js';
import { readUploadEvent } from './upload-outcomes.js';

export function endRequestTelemetry(state: RequestState, method: string, status: number): void {
  const route = state.route ?? 'unmatched';
  const code = state.failure?.code;
  const upload = readUploadEvent(route, status, code);
  if (upload) state.telemetry.upload(upload);
  const result: Omit<RequestResult, 'durationMs'> = { route, method: toObservedMethod(method), status };
  if (code !== undefined) result.code = code;
  if (state.failure !== undefined) result.error = state.failure.error;
  state.telemetry.end(result);
}
