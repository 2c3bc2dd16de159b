/**
 * The observers of one request, behind one object the routes call. With no observers configured
 * every call is a no-op on a shared object, so an unobserved handler pays nothing per request.
 * Observers are host code: a throw from one is swallowed and never changes the response.
 *
 * An observed request runs this on every call, so it allocates nothing but the one object per
 * request: a `/multipart/sign-part` costs about 140 µs of CPU, and bench/observability.ts measures
 * what observing adds to that.
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
  /** Given the response's result without its duration, which is filled in here. */
  end(result: Omit<RequestResult, 'durationMs'>): void;
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

type EventName = 'upload' | 'signIn' | 'transferSlot' | 'end';

class ObservedRequestTelemetry implements RequestTelemetry {
  readonly active = true;
  readonly #started = performance.now();
  readonly #observers: readonly RequestObserver[];
  #ended = false;

  constructor(observers: readonly RequestObserver[]) {
    this.#observers = observers;
  }

  storageCall(operation: string): CallEnd {
    return this.#timeCall((observing) => observing.storageCall?.(operation));
  }

  providerCall(provider: string, operation: ProviderOperation): CallEnd {
    return this.#timeCall((observing) => observing.providerCall?.(provider, operation));
  }

  upload(event: UploadEvent): void {
    this.#tell('upload', event);
  }

  signIn(event: SignInEvent): void {
    this.#tell('signIn', event);
  }

  transferSlot(event: TransferSlotEvent): void {
    this.#tell('transferSlot', event);
  }

  end(result: Omit<RequestResult, 'durationMs'>): void {
    if (this.#ended) return;
    this.#ended = true;
    const complete = result as RequestResult;
    complete.durationMs = performance.now() - this.#started;
    this.#tell('end', complete);
  }

  #tell<K extends EventName>(name: K, event: Parameters<NonNullable<RequestObserver[K]>>[0]): void {
    for (const observing of this.#observers) {
      try {
        (observing[name] as ((event: unknown) => void) | undefined)?.call(observing, event);
      } catch {
        // An observer's failure must not change the response.
      }
    }
  }

  /** Times one call and tells every listener the observers returned for it. */
  #timeCall(listen: (observing: RequestObserver) => CallListener | undefined): CallEnd {
    const listeners: CallListener[] = [];
    for (const observing of this.#observers) {
      try {
        const listener = listen(observing);
        if (listener) listeners.push(listener);
      } catch {
        // An observer's failure must not change the response.
      }
    }
    if (listeners.length === 0) return ignoreOutcome;
    const callStarted = performance.now();
    return (outcome) => {
      const result = { outcome, durationMs: performance.now() - callStarted };
      for (const listener of listeners) {
        try {
          listener(result);
        } catch {
          // An observer's failure must not change the response.
        }
      }
    };
  }
}

export function startRequestTelemetry(observers: readonly HandlerObserver[], req: Request, requestId: string): RequestTelemetry {
  if (observers.length === 0) return INACTIVE_TELEMETRY;
  const request = { req, requestId };
  const active: RequestObserver[] = [];
  for (const observer of observers) {
    try {
      const observing = observer.observeRequest(request);
      if (observing) active.push(observing);
    } catch {
      // An observer's failure must not change the response.
    }
  }
  return new ObservedRequestTelemetry(active);
}
