/**
 * Loads the file views (file-list/file-views.ts) on first need and re-renders the element when
 * they arrive. Until then the element renders the drop zone and nothing of the list: a file added
 * before the chunk lands is in the engine's list and shows with the first render after it. Once
 * loaded, the views serve every uploader of the page at once, as a static import would; the
 * controllers that come with them (thumbnails, the list's window, the preview, the editor) are
 * this element's own, built on first ask.
 */
import { adoptStyles, type ReactiveController } from 'lit';
import type { UploadFileRecord } from '../../engine/index.js';
import { lazyModule } from '../../engine/core/lazy-module.js';
import type { EditorController } from './editor/editor-controller.js';
import type { ListWindowController } from './file-list/list-window.js';
import type { ObjectUrls } from './file-list/thumbnails.js';
import type { PreviewController } from './preview/preview-controller.js';
import { orderedUploaderStyles } from './shell/uploader-styles.js';
import type { UploaderHost } from './uploader-host.js';
import type { UploaderView } from './view-model.js';

type FileViews = typeof import('./file-list/file-views.js');

/** One load for the page; a failed one (offline, a deploy removed the chunk) is tried again next time. */
const fileViews = lazyModule(() => import('./file-list/file-views.js'));

export class FileViewsLoader implements ReactiveController {
  readonly #host: UploaderHost;
  readonly #element: UploaderHost['element'];
  #waiting: Promise<void> | undefined;
  #adopted = false;
  /** A failed load is reported once, however many times it is tried again. */
  #failureReported = false;
  #urls?: ObjectUrls;
  #listWindow?: ListWindowController;
  #preview?: PreviewController;
  #editor?: EditorController;

  constructor(host: UploaderHost) {
    this.#host = host;
    this.#element = host.element;
    host.element.addController(this);
  }

  /** The shadow root is made on the first connection: views that arrived earlier (files added before the element was placed) bring their sheets now. */
  hostConnected(): void {
    this.adoptStyles(this.#element.renderRoot);
  }

  /** A move within the page disconnects and reconnects in one task; only a real removal lets go of the URLs. */
  hostDisconnected(): void {
    queueMicrotask(() => {
      if (!this.#element.isConnected) this.#urls?.clear();
    });
  }

  /** The views when loaded; otherwise undefined, and loading starts if they are `needed` now. */
  get(needed: boolean): FileViews | undefined {
    const views = fileViews.loaded;
    if (!views && needed) this.preload();
    // Views another uploader of the page loaded: this shadow root still needs their sheets.
    if (views && !this.#adopted) this.adoptStyles(this.#element.renderRoot);
    return views;
  }

  /** A load in progress, for `updateComplete` to wait on; it never rejects. */
  get pending(): Promise<void> | undefined {
    return this.#waiting;
  }

  /**
   * Puts the views' sheets in their places in the cascade, keeping any sheet others added after
   * the element's own (the page rules of `theme.slots`). Called again on connection, for views
   * that arrived before the shadow root existed; a second call changes nothing.
   */
  adoptStyles(root: HTMLElement | DocumentFragment | undefined): void {
    const views = fileViews.loaded;
    if (!views || !(root instanceof ShadowRoot)) return;
    const ordered = orderedUploaderStyles(views.fileViewStyles);
    const own = new Set<unknown>(ordered.map((style) => style.styleSheet));
    adoptStyles(root, [...ordered, ...root.adoptedStyleSheets.filter((sheet) => !own.has(sheet))]);
    this.#adopted = true;
  }

  /** Starts loading (pointer or focus entering the element, files arriving); once is enough. */
  readonly preload = (): void => {
    if (fileViews.loaded || this.#waiting) return;
    this.#waiting = fileViews
      .load()
      .then(
        () => {
          this.adoptStyles(this.#element.renderRoot);
          this.#element.requestUpdate();
        },
        (error: unknown) => {
          if (!this.#failureReported) this.#host.dispatch('svc-error', { scope: 'engine', code: 'VIEWS_LOAD_FAILED', message: String(error) });
          this.#failureReported = true;
          // Files added since are in the engine but not on screen. The next render asks again,
          // so render once the connection is back (a page that went offline).
          globalThis.addEventListener?.('online', () => this.#element.requestUpdate(), { once: true });
        },
      )
      .finally(() => {
        this.#waiting = undefined;
      });
  };

  /** Thumbnail and preview URLs, once the views have arrived. */
  get urls(): ObjectUrls | undefined {
    const views = this.get(false);
    if (!this.#urls && views) {
      const element = this.#element;
      this.#urls = new views.ObjectUrls({ maxImagePixels: () => this.#host.engine.current?.options.maxImagePixels, changed: () => element.requestUpdate() });
    }
    return this.#urls;
  }

  /** The list's virtual window, once the views have arrived. */
  get listWindow(): ListWindowController | undefined {
    const views = this.get(false);
    if (!this.#listWindow && views) this.#listWindow = new views.ListWindowController(this.#element);
    return this.#listWindow;
  }

  /** The expanded preview, once the views have arrived. */
  get preview(): PreviewController | undefined {
    const views = this.get(false);
    if (!this.#preview && views) this.#preview = new views.PreviewController(this.#element);
    return this.#preview;
  }

  /** The image editor's controller, once the views have arrived. */
  get editor(): EditorController | undefined {
    const views = this.get(false);
    const urls = this.urls;
    if (!this.#editor && views && urls) this.#editor = new views.EditorController(this.#host, urls);
    return this.#editor;
  }

  /** Files left or joined the list: what was kept for removed ones goes. */
  keep(files: readonly UploadFileRecord[]): void {
    this.#urls?.keep(files);
    this.#preview?.keep(files);
    this.#editor?.keep(files);
  }

  /** An image the browser could not decode shows its glyph from now on. */
  thumbnailFailed(id: string): void {
    this.#urls?.markUndecodable(id);
    this.#element.requestUpdate();
  }

  /** What the views add to what the templates render; without them the list is not drawn, so their parts do not matter. */
  viewState(files: readonly UploadFileRecord[]): Pick<UploaderView, 'listWindow' | 'previewFile' | 'editor' | 'canEdit' | 'thumbnailUrl' | 'mediaUrl'> {
    const { listWindow, preview, editor } = this;
    const focusedId = listWindow?.focusedId;
    return {
      listWindow: listWindow?.compute(files.length, focusedId === undefined ? -1 : files.findIndex((file) => file.id === focusedId)) ?? {
        virtual: false,
        start: 0,
        end: files.length,
        rowSize: 0,
      },
      previewFile: preview?.fileId === undefined ? undefined : files.find((file) => file.id === preview.fileId),
      editor: editor?.current,
      canEdit: editor?.canEdit ?? (() => false),
      thumbnailUrl: (file) => this.urls?.thumbnail(file),
      // Only the preview asks, and it is one of the file views: the URLs are there by then.
      mediaUrl: (file) => this.urls?.media(file) ?? '',
    };
  }

  /** For `addFiles`' `hold`: the files `imageEditor.autoOpen` will open on wait for the edit before uploading. */
  editorHolds(): EditorController['opensOnAdd'] {
    const editor = this.editor;
    if (editor) return editor.opensOnAdd;
    // Files are added through the engine, so its module (which carries the editor's options) is there.
    const { opensOnAdd, resolveEditorOptions } = this.#host.engine.module!;
    const options = resolveEditorOptions(this.#element.imageEditor);
    return (file, batch) => opensOnAdd(options, file, batch);
  }

  /** Files just added and on screen: the editor opens on the held ones in turn. */
  added(files: readonly UploadFileRecord[]): void {
    const editor = this.editor;
    if (editor) editor.openHeld(files);
    // Views that could not be fetched (offline) bring no editor: nothing may wait for it.
    else for (const file of files) if (file.held) this.#host.engine.current?.release(file.id);
  }
}
