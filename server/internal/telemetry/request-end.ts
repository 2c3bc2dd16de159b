/** What the handler shell tells a request's telemetry once the response is ready. */
import type { RequestState } from '../router.js';
import { readUploadEvent } from './upload-outcomes.js';

export function endRequestTelemetry(state: RequestState, method: string, status: number): void {
  const route = state.route ?? 'unmatched';
  const code = state.failure?.code;
  const upload = readUploadEvent(route, status, code);
  if (upload) state.telemetry.upload(upload);
  state.telemetry.end({
    route,
    method,
    status,
    ...(code === undefined ? {} : { code }),
    ...(state.failure === undefined ? {} : { error: state.failure.error }),
  });
}
