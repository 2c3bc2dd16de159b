/**
 * Loads the file views (templates/file-views.ts) on first need and re-renders the element when
 * they arrive. Until then the element renders the drop zone and nothing of the list: a file added
 * before the chunk lands is in the engine's list and shows with the first render after it.
 */
import type { ReactiveControllerHost } from 'lit';

type FileViews = typeof import('./templates/file-views.js');

export class FileViewsLoader {
  #host: ReactiveControllerHost;
  #views: FileViews | undefined;
  #loading: Promise<void> | undefined;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
  }

  /** The views when loaded; otherwise undefined, and loading starts if they are `needed` now. */
  get(needed: boolean): FileViews | undefined {
    if (!this.#views && needed) this.preload();
    return this.#views;
  }

  /** A load in progress, for `updateComplete` to wait on; it never rejects. */
  get pending(): Promise<void> | undefined {
    return this.#loading;
  }

  /** Starts loading (pointer or focus entering the element, files arriving); once is enough. */
  readonly preload = (): void => {
    if (this.#views || this.#loading) return;
    this.#loading = import('./templates/file-views.js').then(
      (views) => {
        this.#views = views;
        this.#host.requestUpdate();
      },
      // The chunk could not be fetched (offline, a deploy removed it): the next render that needs
      // the views asks again.
      () => undefined,
    ).finally(() => {
      this.#loading = undefined;
    });
  };
}
