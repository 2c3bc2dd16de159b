/**
 * Loads the upload machinery (upload-machinery.ts) on first use. The engine asks for it as soon as
 * files are added, so it has usually arrived by the time a run starts; once loaded it is called
 * synchronously, so a run starts in the same turn it would with a static import.
 */
type UploadMachinery = typeof import('./upload-machinery.js');

let loaded: UploadMachinery | undefined;
let loading: Promise<UploadMachinery> | undefined;

/** Starts loading (or returns the load in progress); a failed load is tried again next time. */
export function loadUploadMachinery(): Promise<UploadMachinery> {
  loading ??= import('./upload-machinery.js').then(
    (machinery) => (loaded = machinery),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The machinery when it has loaded, for callers that must act in this turn. */
export function loadedUploadMachinery(): UploadMachinery | undefined {
  return loaded;
}

/** Runs `use` with the machinery: in this turn when it is loaded, after the load otherwise. */
export function withUploadMachinery<T>(use: (machinery: UploadMachinery) => Promise<T>): Promise<T> {
  return loaded ? use(loaded) : loadUploadMachinery().then(use);
}
