// Holds the page's `requestIdleCallback` callbacks until a test runs them, so what an uploader
// loads "on idle" is loaded exactly when the test says. Install before the element is defined.

export interface HeldIdleCallbacks {
  /** How many callbacks wait. */
  pending(): number;
  /** Runs every waiting callback, as an idle period would. */
  runAll(): void;
}

export function holdIdleCallbacks(): HeldIdleCallbacks {
  const waiting: IdleRequestCallback[] = [];
  const deadline: IdleDeadline = { didTimeout: false, timeRemaining: () => 50 };
  window.requestIdleCallback = (callback) => waiting.push(callback);
  return {
    pending: () => waiting.length,
    runAll: () => {
      for (const callback of waiting.splice(0)) callback(deadline);
    },
  };
}
