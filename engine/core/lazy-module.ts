/**
 * One lazily imported module for the page. The first `load()` starts the import and later calls
 * share it; a failed import (offline, a deploy removed the chunk) is forgotten, so the next call
 * tries again. `loaded` is the module once it has arrived, for callers that must act in this turn.
 * The importer stays a literal `import()` at the call site, so the bundler still splits the chunk.
 */
export interface LazyModule<T> {
  load(): Promise<T>;
  readonly loaded: T | undefined;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    load() {
      loading ??= importer().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    get loaded() {
      return loaded;
    },
  };
}
