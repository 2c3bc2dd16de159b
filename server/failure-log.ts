/**
 * One structured line per failed request through the host's logger (pino, or anything with pino's
 * `warn(object, message)` / `error(object, message)` shape): route, status, code, request id,
 * duration and the class of the cause. Never the cause's message, a key, a token, a URL or file
 * contents: those can carry secrets and signed URLs.
 */
import type { HandlerObserver, RequestResult } from './observers.js';

/** The part of a pino logger the failure log uses. */
export interface FailureLogger {
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

/** `TimeoutError`, `NoSuchBucket`, `TypeError`...: the cause's class or code, never its text. */
function causeClassOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return error === undefined ? undefined : typeof error;
  const name = (error as { name?: unknown }).name;
  const className = typeof name === 'string' && name !== '' ? name : (error as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof className === 'string' && /^[A-Za-z_$][\w$]{0,63}$/.test(className) ? className : 'Error';
}

function toFields(result: RequestResult, requestId: string): Record<string, unknown> {
  const causeClass = causeClassOf(result.error);
  return {
    route: result.route,
    method: result.method,
    status: result.status,
    ...(result.code === undefined ? {} : { code: result.code }),
    requestId,
    durationMs: Math.round(result.durationMs),
    ...(causeClass === undefined ? {} : { causeClass }),
  };
}

/** Client mistakes (4xx) are logged at `warn`, the handler's own failures (5xx) at `error`. */
export function createFailureLog(logger: FailureLogger): HandlerObserver {
  return {
    observeRequest: ({ requestId }) => ({
      end(result) {
        if (result.status < 400) return;
        const fields = toFields(result, requestId);
        if (result.status >= 500) logger.error(fields, 'upload request failed');
        else logger.warn(fields, 'upload request refused');
      },
    }),
  };
}
