/**
 * The observers of one request, behind one object the routes call. With no observers configured
 * every call is a no-op on a shared object, so an unobserved handler pays nothing per request.
 * Observers are host code: a throw from one is swallowed and never changes the response.
 */
import type {
  HandlerObserver,
  ProviderOperation,
  RequestObserver,
  RequestResult,
  SignInEvent,
  StorageCallResult,
  TransferSlotEvent,
  UploadEvent,
} from '../../observers.js';

/** Ends a timed call with its outcome (`ok` or what went wrong). */
export type CallEnd = (outcome: string) => void;

export interface RequestTelemetry {
  readonly active: boolean;
  /** Starts timing a storage call; call the result with `ok` or the error's code when it ends. */
  storageCall(operation: string): CallEnd;
  /** Starts timing a drive provider call; call the result with its outcome when the answer's headers arrive. */
  providerCall(provider: string, operation: ProviderOperation): CallEnd;
  upload(event: UploadEvent): void;
  signIn(event: SignInEvent): void;
  transferSlot(event: TransferSlotEvent): void;
  end(result: Omit<RequestResult, 'durationMs'>): void;
}

function ignoreThrow(run: () => void): void {
  try {
    run();
  } catch {
    // An observer's failure must not change the response.
  }
}

const ignoreOutcome: CallEnd = () => undefined;

export const INACTIVE_TELEMETRY: RequestTelemetry = {
  active: false,
  storageCall: () => ignoreOutcome,
  providerCall: () => ignoreOutcome,
  upload: () => undefined,
  signIn: () => undefined,
  transferSlot: () => undefined,
  end: () => undefined,
};

type CallListener = (result: StorageCallResult) => void;

/** Times one call and tells every listener the observers returned for it. */
function timeCall(active: readonly RequestObserver[], listen: (observing: RequestObserver) => CallListener | undefined): CallEnd {
  const callStarted = performance.now();
  const listeners: CallListener[] = [];
  for (const observing of active) {
    ignoreThrow(() => {
      const listener = listen(observing);
      if (listener) listeners.push(listener);
    });
  }
  return (outcome) => {
    const result = { outcome, durationMs: performance.now() - callStarted };
    for (const listener of listeners) ignoreThrow(() => listener(result));
  };
}

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
  const tell = (notify: (observing: RequestObserver) => void): void => {
    for (const observing of active) ignoreThrow(() => notify(observing));
  };
  let ended = false;
  return {
    active: true,
    storageCall: (operation) => timeCall(active, (observing) => observing.storageCall?.(operation)),
    providerCall: (provider, operation) => timeCall(active, (observing) => observing.providerCall?.(provider, operation)),
    upload: (event) => tell((observing) => observing.upload?.(event)),
    signIn: (event) => tell((observing) => observing.signIn?.(event)),
    transferSlot: (event) => tell((observing) => observing.transferSlot?.(event)),
    end(result) {
      if (ended) return;
      ended = true;
      const complete = { ...result, durationMs: performance.now() - started };
      tell((observing) => observing.end?.(complete));
    },
  };
}
