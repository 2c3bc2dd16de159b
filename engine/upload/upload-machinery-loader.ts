/**
 * Loads the upload machinery (upload-machinery.ts) on first use. The engine asks for it as soon as
 * files are added, so it has usually arrived by the time a run starts; once loaded it is called
 * synchronously, so a run starts in the same turn it would with a static import.
 */
import { lazyModule } from '../core/lazy-module.js';

type UploadMachinery = typeof import('./upload-machinery.js');

const machinery = lazyModule(() => import('./upload-machinery.js'));

/** Starts loading (or returns the load in progress); a failed load is tried again next time. */
export function loadUploadMachinery(): Promise<UploadMachinery> {
  return machinery.load();
}

/** The machinery when it has loaded, for callers that must act in this turn. */
export function loadedUploadMachinery(): UploadMachinery | undefined {
  return machinery.loaded;
}

/** Runs `use` with the machinery: in this turn when it is loaded, after the load otherwise. */
export function withUploadMachinery<T>(use: (machinery: UploadMachinery) => Promise<T>): Promise<T> {
  const loaded = machinery.loaded;
  return loaded ? use(loaded) : machinery.load().then(use);
}
