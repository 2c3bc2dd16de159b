/**
 * The observers of one request, behind one object the routes call. With no observers configured
 * every call is a no-op on a shared object, so an unobserved handler pays nothing per request.
 * Observers are host code: a throw from one is swallowed and never changes the response.
 */
import type { HandlerObserver, RequestObserver, RequestResult, StorageCallResult, UploadEvent } from '../../observers.js';

export interface RequestTelemetry {
  readonly active: boolean;
  /** Starts timing a storage call; call the result with `ok` or the error's code when it ends. */
  storageCall(operation: string): (outcome: string) => void;
  upload(event: UploadEvent): void;
  end(result: Omit<RequestResult, 'durationMs'>): void;
}

function ignoreThrow(run: () => void): void {
  try {
    run();
  } catch {
    // An observer's failure must not change the response.
  }
}

const ignoreOutcome = (): void => undefined;

export const INACTIVE_TELEMETRY: RequestTelemetry = {
  active: false,
  storageCall: () => ignoreOutcome,
  upload: () => undefined,
  end: () => undefined,
};

export function startRequestTelemetry(observers: readonly HandlerObserver[], req: Request, requestId: string): RequestTelemetry {
  if (observers.length === 0) return INACTIVE_TELEMETRY;
  const started = performance.now();
  const active: RequestObserver[] = [];
  for (const observer of observers) {
    ignoreThrow(() => {
      const observing = observer.observeRequest({ req, requestId });
      if (observing) active.push(observing);
    });
  }
  let ended = false;
  return {
    active: true,
    storageCall(operation) {
      const callStarted = performance.now();
      const listeners: ((result: StorageCallResult) => void)[] = [];
      for (const observing of active) {
        ignoreThrow(() => {
          const listener = observing.storageCall?.(operation);
          if (listener) listeners.push(listener);
        });
      }
      return (outcome) => {
        const result = { outcome, durationMs: performance.now() - callStarted };
        for (const listener of listeners) ignoreThrow(() => listener(result));
      };
    },
    upload(event) {
      for (const observing of active) ignoreThrow(() => observing.upload?.(event));
    },
    end(result) {
      if (ended) return;
      ended = true;
      const complete = { ...result, durationMs: performance.now() - started };
      for (const observing of active) ignoreThrow(() => observing.end?.(complete));
    },
  };
}
