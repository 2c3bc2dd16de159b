import { html, nothing, type PropertyValues } from 'lit';
import type { AddFilesResult, FileSource, UploadEngine, UploadFileRecord, UploadRunSummary } from '../../engine/index.js';
import { loadUploadMachinery } from '../../engine/upload/upload-machinery-loader.js';
import { I18nController } from '../i18n/index.js';
import { followDocumentLocale } from '../i18n/document-locale.js';
import { followLocaleTag } from '../i18n/locale-tag.js';
import { PagePasteController } from './drop-zone/page-paste.js';
import { SlotStylesController, ThemeController } from '../theme/index.js';
import type { EditorCallbacks, EditorController } from './editor/editor-controller.js';
import { EngineController } from './engine-link/engine-controller.js';
import type { UploaderHost } from './uploader-host.js';
import type { SvcUploaderEventDetail, SvcUploaderEventName } from './events.js';
import { FileIntake } from './drop-zone/file-intake.js';
import { FormValueController } from './form/form-value-controller.js';
import { FileViewsLoader } from './file-views-loader.js';
import type { ListWindowController } from './file-list/list-window.js';
import type { PreviewController } from './preview/preview-controller.js';
import { DragDrop } from './drop-zone/drag-drop.js';
import { PanelController } from './sources/panel-host.js';
import { uploaderStyles } from './shell/uploader-styles.js';
import { renderDropOverlay, renderDropZone } from './drop-zone/drop-zone.js';
import { renderBranding, renderBusy, renderOfflineBanner, renderRestoredUploads } from './shell/notices.js';
import { renderSourceView } from './sources/source-view.js';
import type { UploaderView } from './view-model.js';
import { readThemeSlots } from './theme-slots.js';
import type { ObjectUrls } from './file-list/thumbnails.js';
import { createUploaderIntents } from './uploader-intents.js';
import { mixinFormAssociated } from './form/form-associated.js';
import { effectiveMaxFiles, UploaderPropsElement } from './uploader-props-element.js';
import { buildUploaderView } from './uploader-view.js';

/**
 * @summary A file uploader for S3-compatible storage: drop zone, local files and folders, paste,
 * links, camera, microphone and screen capture; the headless `UploadEngine` does the uploading.
 *
 * Events (generated from events.ts by scripts/generate-element-docs.ts):
 * @event {CustomEvent<{ source }>} svc-source-open - (cancelable) The user chose a source chip; the source panel opens unless the event is canceled.
 * @event {CustomEvent<{ source }>} svc-source-close - A source panel closed (back, cancel, or after it delivered its file).
 * @event {CustomEvent<{ itemCount }>} svc-drag-enter - Files are dragged over the drop zone. Browsers hide file names until the drop.
 * @event {CustomEvent<{}>} svc-drag-leave - The drag left the drop zone without dropping.
 * @event {CustomEvent<{ files: File[], folderCount }>} svc-files-drop - (cancelable) Files (and, with `folderUpload.allowDrop`, the files inside dropped folders) were dropped; canceling discards them.
 * @event {CustomEvent<{ files: File[] }>} svc-files-paste - (cancelable) Files were pasted (with `enablePaste`); canceling discards them.
 * @event {CustomEvent<{ files: File[], source }>} svc-files-select - (cancelable) A batch of files arrived from any source, before `onBeforeFileAdded` and validation. Listeners may edit `detail.files`; canceling discards the batch.
 * @event {CustomEvent<{ url }>} svc-url-import - (cancelable) The user asked to import a URL; the download starts unless the event is canceled.
 * @event {CustomEvent<{ url }>} svc-url-import-abort - The user stopped a URL download before it finished.
 * @event {CustomEvent<{ file, kind: "photo" | "video", facingMode }>} svc-camera-capture - The camera panel produced a photo or a video recording.
 * @event {CustomEvent<{ facingMode }>} svc-camera-switch - The camera panel switched between the front (`user`) and back (`environment`) camera.
 * @event {CustomEvent<{ file, durationMs }>} svc-audio-record - The microphone panel finished a recording.
 * @event {CustomEvent<{ file, durationMs }>} svc-screen-record - The screen panel finished a capture.
 * @event {CustomEvent<{ source, provider }>} svc-drive-auth - The user signed in to a cloud drive through its popup (server mode); `provider` is the wire slug, e.g. `google-drive`.
 * @event {CustomEvent<{ source, provider }>} svc-drive-sign-out - The user signed out of a cloud drive. The handler revoked the tokens at the provider (where it can) and deleted them.
 * @event {CustomEvent<{ source, provider, files: DriveFileEntry[] }>} svc-drive-import - (cancelable) The user chose cloud-drive files; they join the list and the server copies them into the bucket on upload, unless the event is canceled.
 * @event {CustomEvent<{ file: UploadFileRecord }>} svc-file-add - A file passed every check and joined the list.
 * @event {CustomEvent<{ files: UploadFileRecord[] }>} svc-files-add - A batch finished adding; `files` are the ones accepted (fires only when at least one was).
 * @event {CustomEvent<{ file: File, reason, message, limit? }>} svc-file-reject - A file was refused. `reason` is `LIMIT_EXCEEDED`, `TYPE_MISMATCH`, `FILE_TOO_LARGE`, `FILE_TOO_SMALL`, `TOTAL_SIZE_EXCEEDED`, `REJECTED_BY_HOOK` or `DUPLICATE`.
 * @event {CustomEvent<{ rejections: { file: File, reason, message, limit? }[] }>} svc-files-reject - A batch finished adding and some of its files were refused: all of them in one event (fires only when at least one was). Each also had its own `svc-file-reject`.
 * @event {CustomEvent<{ file: File, allowedFileTypes }>} svc-file-type-mismatch - A file was refused because its type is not in `allowedFileTypes` (also reported by `svc-file-reject`).
 * @event {CustomEvent<{ file: UploadFileRecord }>} svc-file-remove - (cancelable) The user asked to remove a file; it leaves the list (and its upload stops) unless the event is canceled. `removeFile()` does not fire it.
 * @event {CustomEvent<{ file: UploadFileRecord }>} svc-file-click - The user activated a file's name in the list.
 * @event {CustomEvent<{ file: UploadFileRecord }>} svc-editor-open - (cancelable) The image editor is about to open on a file (Edit, or `imageEditor.autoOpen`); it stays closed if the event is canceled.
 * @event {CustomEvent<{ file: UploadFileRecord }>} svc-editor-cancel - The user left the image editor without saving; the file is unchanged.
 * @event {CustomEvent<{ file: UploadFileRecord, edited: File }>} svc-editor-save - (cancelable) The user saved an edit: `edited` replaces the listed `file` (queued anew) unless the event is canceled. `edited` is `file.file` itself when nothing was changed.
 * @event {CustomEvent<{ files: UploadFileRecord[] }>} svc-files-restore - Crash recovery put files back into the list after a reload.
 * @event {CustomEvent<{ files: UploadFileRecord[] }>} svc-upload-start - A run began (Upload button, `upload()`, or `autoUpload`).
 * @event {CustomEvent<{ bytesUploaded, bytesTotal, percentage, bytesPerSecond?, secondsRemaining? }>} svc-upload-progress - Combined progress of the files in the run; the rate and time left appear once the estimate is stable (about 2 s of progress) and start over after a pause.
 * @event {CustomEvent<{ files, successful, failed }>} svc-files-upload-complete - Every file of the run has settled, stored or failed.
 * @event {CustomEvent<{ files: UploadFileRecord[] }>} svc-upload-pause - The user or `pause()` paused the run; `files` are the ones paused.
 * @event {CustomEvent<{ files: UploadFileRecord[] }>} svc-upload-resume - The user or `resume()` resumed the run.
 * @event {CustomEvent<{ files: UploadFileRecord[] }>} svc-upload-cancel - (cancelable) The user asked to cancel the run; active uploads stop (multipart sessions are aborted) unless the event is canceled. `cancel()` does not fire it.
 * @event {CustomEvent<{ status, previous }>} svc-status-change - The overall status changed: `idle`, `ready`, `uploading`, `paused`, `complete` or `failed`.
 * @event {CustomEvent<{ online, paused: string[], resumed: string[] }>} svc-network-change - The browser went offline or online; with `networkAware` the run pauses and resumes by itself.
 * @event {CustomEvent<{ files: UploadFileRecord[] }>} svc-upload-done - The user pressed Done after a run; the list is cleared afterwards.
 * @event {CustomEvent<{ file, state, previous }>} svc-file-state-change - A file moved between states (`queued`, `processing`, `uploading`, `checking`, `paused`, `uploaded`, `successful`, `failed`, `canceled`).
 * @event {CustomEvent<{ file: UploadFileRecord }>} svc-file-upload-start - A file began sending bytes (not fired again when it resumes from a pause).
 * @event {CustomEvent<{ file, bytesUploaded, bytesTotal, percentage, bytesPerSecond?, secondsRemaining? }>} svc-file-upload-progress - Bytes of one file reached storage; the rate and time left appear once the estimate is stable.
 * @event {CustomEvent<{ file, key, result: { key, downloadUrl?, publicUrl?, etag?, strategy } }>} svc-file-upload-complete - A file is stored; `key` is the object key the server chose.
 * @event {CustomEvent<{ file, retry, delayMs, error }>} svc-file-retry - A failed upload is sent again by the automatic retries (`maxRetries`) after `delayMs`; `retry` counts from 1 and `error` is why the previous attempt failed. `retry()` and the Retry button queue the file anew instead.
 * @event {CustomEvent<{ file, reason: "user" | "offline" }>} svc-file-pause - A file's upload paused.
 * @event {CustomEvent<{ file, skippedParts: number[] }>} svc-file-resume - A multipart upload continued a remembered session; `skippedParts` were already stored.
 * @event {CustomEvent<{ file: UploadFileRecord }>} svc-file-cancel - A file's upload was canceled.
 * @event {CustomEvent<{ file, result }>} svc-file-process - The processing stream (`processingEndpoint`) delivered its result for a file.
 * @event {CustomEvent<{ file, partNumber, size, inFlight }>} svc-part-upload - One multipart part is stored; `inFlight` counts the file's parts that were being sent at that moment, this one included.
 * @event {CustomEvent<{ scope, code, message, file?, source?, url?, status?, serverCode?, serverMessage?, failure? }>} svc-error - A failure, reported exactly once: a file that failed after its retries, a processing failure, a URL import or media device that failed, or an engine problem. For a file the handler refused, `status`, `serverCode` and `serverMessage` carry its answer.
 * @event {CustomEvent<{ code, message, file? }>} svc-warn - Something worth knowing that did not fail the upload (a skipped pipeline step, an invalid attribute value, an unreadable dropped entry, a dropped or chosen folder with more files than are read: `FOLDER_LIMIT_REACHED`).
 * End of generated events.
 *
 * Every part is listed in docs/element.md ("Styling").
 * @csspart base - The root container; drops and pastes land here. Carries `lang`, `dir` and `data-status`.
 * @csspart drop-zone - The idle drop area with the pickers, source chips and limits.
 * @csspart drop-overlay - Covers a file list while files are dragged over it.
 * @csspart browse-button - Opens the file picker.
 * @csspart source-chip - A source chip; also `source-chip-<source>`.
 * @csspart source-view - An open source panel, sliding over the list; also `source-view-<source>`.
 * @csspart file-list - The list of files (one hero card, or rows).
 * @csspart file - One file; also `file-<state>`.
 * @csspart file-thumbnail - The file's image or type glyph.
 * @csspart file-progress - A file's progress bar.
 * @csspart actions - Run controls: `upload-button`, `pause-button`, `resume-button`, `cancel-button`, `retry-all-button`, `done-button`.
 * @csspart overall-progress - Combined progress of the run.
 * @csspart summary - The outcome of a run.
 * @csspart preview - The expanded preview dialog.
 * @csspart editor - The image editor, inline over the list or a dialog; its inner parts start with `editor-`, the file's button is `file-edit`.
 * @csspart announcer - The visually hidden live region.
 *
 * @cssproperty --svc-color-accent - Primary buttons, progress and drag-over; every `--svc-*` design token applies.
 */
export class SvcUploader extends mixinFormAssociated(UploaderPropsElement) {
  static override styles = uploaderStyles;

  /** The element as its controllers see it (uploader-host.ts). */
  readonly #host = this.#hostView();
  // The engine arrives after the drop zone is painted; the controller owns its load and state.
  readonly #engine = new EngineController(this.#host, (files) => this.#listChanged(files));
  #slots = { source: undefined as unknown, ...readThemeSlots(undefined) };
  /** Thumbnail and preview URLs, which arrive with the file views (`#objectUrls()`). */
  #urls?: ObjectUrls;
  // Without an `i18n` prop the element speaks the page's language (`<html lang>` and `dir`).
  readonly #documentLocale = followDocumentLocale(this);
  // A bare `locale` tag in the prop brings the closest shipped bundle with it.
  readonly #propLocale = followLocaleTag(this, () => this.i18n);
  readonly #i18n = new I18nController(this, () => this.#propLocale() ?? this.#documentLocale());
  /** What the form receives (form/form-value-controller.ts). */
  readonly #form = new FormValueController(this, {
    internals: this.internals,
    files: () => this.#engine.files,
    t: (key, values) => this.#i18n.translator.t(key, values),
  });
  /** The list's virtual window, which arrives with the file views (`#listWindowController()`). */
  #listWindow?: ListWindowController;
  #viewsLoadReported = false;
  readonly #fileViews = new FileViewsLoader(this, (error) => {
    if (this.#viewsLoadReported) return;
    this.#viewsLoadReported = true;
    this.#dispatch('svc-error', { scope: 'engine', code: 'VIEWS_LOAD_FAILED', message: String(error) });
  });
  /** The expanded preview, which arrives with the file views (`#previewController()`). */
  #preview?: PreviewController;
  readonly #panels = new PanelController(this, {
    context: () => ({
      t: (key, values) => this.#i18n.translator.t(key, values),
      icons: () => this.icons,
      deliver: (delivery) => this.#intake.delivered(delivery),
      fail: (failure) => this.#intake.panelFailed(failure),
      notify: (name, detail) => !this.#dispatch(name, detail).defaultPrevented,
      engine: () => this.#engine.loaded(),
      formatBytes: (bytes) => this.#i18n.translator.formatBytes(bytes),
    }),
    ready: () => this.#engine.load(),
    onClosed: (source) => this.#dispatch('svc-source-close', { source }),
    onLoadFailed: (source, error) => this.#dispatch('svc-error', { scope: 'media', code: 'PANEL_LOAD_FAILED', message: String(error), source }),
  });
  /** The image editor's controller, which arrives with the file views (`#editorController()`). */
  #editor?: EditorController;
  readonly #editorCallbacks: EditorCallbacks = {
    props: () => ({ imageEditor: this.imageEditor, mini: this.mini }),
    warn: (message) => this.#dispatch('svc-warn', { code: 'INVALID_OPTION', message }),
    files: () => this.#engine.files,
    hold: (id) => this.#engine.loaded().hold(id),
    release: (id) => this.#engine.loaded().release(id),
    replace: (id, file) => this.#engine.loaded().replaceFile(id, file),
    notify: (name, detail) => !this.#dispatch(name, detail).defaultPrevented,
    session: () => ({ t: (key, values) => this.#i18n.translator.t(key, values), icons: () => this.icons }),
    // The editor runs on listed files, so the engine's module is there.
    describeRejection: (rejection): string => this.#engine.module!.rejectionText(this.#view(), rejection),
    maxImagePixels: () => this.#engine.current?.options.maxImagePixels,
    declaredAbovePixelBudget: (file) => this.#urls?.abovePixelBudget(file) ?? false,
  };
  // Files flow one way: a gesture (drop, paste, picker, panel) to the intake, the intake to the engine.
  readonly #intake: FileIntake = new FileIntake(this.#host, this.#panels);
  readonly #dragDrop = new DragDrop(this.#host, { intake: this.#intake, panels: this.#panels, list: this.#engine });

  readonly #intents = createUploaderIntents({
    root: () => this.renderRoot,
    updated: () => this.updateComplete,
    panels: this.#panels,
    preview: () => this.#previewController(),
    editor: () => this.#editorController(),
    listWindow: () => this.#listWindowController(),
    files: () => this.#engine.files,
    dispatch: (name, detail) => this.#dispatch(name, detail),
    thumbnailFailed: (id) => {
      this.#urls?.markUndecodable(id);
      this.requestUpdate();
    },
    clearRejections: () => {
      this.#engine.clearRejections();
      this.#intake.clearFolderLimit();
      this.requestUpdate();
    },
    forgetRestoredUploads: () => this.#form.forgetRestored(),
    upload: () => this.upload(),
    pause: (id) => this.pause(id),
    resume: (id) => this.resume(id),
    retry: (id) => this.retry(id),
    // Through the element's own calls, which render a click's answer at once.
    removeFile: (id) => this.removeFile(id),
    cancel: () => this.cancel(),
    reset: () => this.reset(),
  });

  constructor() {
    super();
    // Controllers that hook into the element's lifecycle themselves, so the element keeps no
    // reference: `theme.mode` and `theme.tokens` on the host, the page rules for `theme.slots`
    // classes in the shadow root, and with `paste-scope="document"` pastes outside the element.
    new ThemeController(this, () => this.theme);
    new SlotStylesController(this, () => this.#themeSlots().classNames);
    new PagePasteController(this, () => this.pasteScope === 'document' && !this.isDisabled(), this.#intake.pasted);
  }

  /**
   * The headless engine behind the element, for options the element does not forward; undefined
   * until its code has loaded (after the first paint, or on first use). `whenEngine()` waits for it.
   */
  get engine(): UploadEngine | undefined {
    return this.#engine.current;
  }

  /** The engine, loading it now if it has not arrived yet. */
  whenEngine(): Promise<UploadEngine> {
    return this.#engine.load();
  }

  /** Read-only snapshot of the file list (empty until the engine has loaded). */
  get files(): readonly UploadFileRecord[] {
    return this.#engine.current?.files ?? [];
  }

  /** Adds files as if the user had chosen them: validation applies, `svc-files-select` does not fire. */
  async addFiles(files: File[] | FileList, source: FileSource = 'local'): Promise<AddFilesResult> {
    // Everything the first file needs is fetched together: one round trip, not a chain of them.
    this.#preload();
    // Files the editor will open on are held, so `autoUpload` waits for the edit.
    const result = await this.#engine.run((engine) => engine.addFiles(files, source, { hold: this.#opensEditorOnAdd() }));
    if (result.added.length > 0) this.#dispatch('svc-files-add', { files: result.added });
    if (result.rejected.length > 0) this.#dispatch('svc-files-reject', { rejections: result.rejected });
    // A pick renders at once, not with the next paced render. The first files wait for the list's
    // views, so they are on screen once this resolves (an element not yet placed renders when it
    // is). The editor's controller comes with them.
    this.requestUpdate();
    await this.#fileViews.pending;
    if (this.isConnected) await this.updateComplete;
    const editor = this.#editorController();
    if (editor) editor.openHeld(result.added);
    // Views that could not be fetched (offline) bring no editor: nothing may wait for it.
    else for (const file of result.added) if (file.held) this.#engine.current?.release(file.id);
    return result;
  }

  /** Opens the image editor on a listed image (as its Edit button does). */
  async editFile(id: string): Promise<void> {
    this.#fileViews.preload();
    await this.#fileViews.pending;
    await this.#editorController()?.open(id);
  }

  /** Removes a file (aborting its upload) without asking listeners. */
  removeFile(id: string): void {
    void this.#engine.command((engine) => engine.removeFile(id));
  }

  /** Uploads every queued file; resolves once each has settled. */
  upload(): Promise<UploadRunSummary> {
    return this.#engine.command((engine) => engine.start());
  }

  /** Same as `upload()`, under the engine's name. */
  start(): Promise<UploadRunSummary> {
    return this.upload();
  }

  /** Pauses one file, or every active one. */
  pause(id?: string): void {
    void this.#engine.command((engine) => {
      const before = new Set(engine.files.filter((file) => file.state === 'paused').map((file) => file.id));
      engine.pause(id);
      const paused = engine.files.filter((file) => file.state === 'paused' && !before.has(file.id));
      if (paused.length > 0) this.#dispatch('svc-upload-pause', { files: paused });
    });
  }

  /** Resumes one paused file, or every file the user paused. */
  resume(id?: string): Promise<UploadRunSummary> {
    return this.#engine.command((engine) => {
      const paused = engine.files.filter((file) => file.state === 'paused' && (id === undefined ? file.pausedBy === 'user' : file.id === id));
      const run = engine.resume(id);
      if (paused.length > 0) this.#dispatch('svc-upload-resume', { files: paused });
      return run;
    });
  }

  /** Queues one failed or canceled file again, or all of them. */
  retry(id?: string): Promise<UploadRunSummary> {
    return this.#engine.command((engine) => engine.retry(id));
  }

  /** Cancels one file, or every unfinished one, without asking listeners. */
  cancel(id?: string): void {
    void this.#engine.command((engine) => engine.cancel(id));
  }

  /** Empties the list, stopping uploads in flight. */
  reset(): void {
    this.#form.clear();
    this.#engine.clearRejections();
    this.#intake.clearFolderLimit();
    void this.#engine.command((engine) => engine.reset());
  }

  /**
   * For sign-out: empties the list as `reset()` does (unfinished multipart uploads are aborted),
   * then removes every file and upload session persisted in this browser, for any uploader or user.
   */
  clearPersistedUploads(): Promise<void> {
    this.#engine.clearRejections();
    return this.#engine.run((engine) => engine.clearPersistedUploads());
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // The shadow root is created on the first connection; file views that arrived earlier (files
    // added before the element was placed) bring their sheets now.
    this.#fileViews.adoptStyles(this.renderRoot);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // A move within the page disconnects and reconnects in one task; only a real removal lets go of the URLs.
    queueMicrotask(() => {
      if (!this.isConnected) this.#urls?.clear();
    });
  }

  /** The form was reset: the list empties (uploads in flight stop), as a file input's would. */
  formResetCallback(): void {
    this.#form.clear();
    this.reset();
  }

  /** Joined a form (or left it): the form logic loads then, so pages without forms never fetch it. */
  formAssociatedCallback(form: HTMLFormElement | null): void {
    this.#form.associated(form);
  }

  /** Back/forward navigation or autofill restored the form: stored keys (or listed files) come back. */
  formStateRestoreCallback(state: unknown): void {
    this.#form.restore(state);
  }

  /**
   * Also waits for what loads on demand (translations, the file views) and for engine changes
   * waiting for their paced render, so what is on screen is final. Translations come first and again last: the list's plural messages may need them.
   */
  protected override async getUpdateComplete(): Promise<boolean> {
    let complete = await super.getUpdateComplete();
    // Waiting for a settled element is a use of it: the engine loads now if it has not yet.
    if (!this.#engine.created) {
      await this.#engine.load().catch(() => undefined);
      complete = await super.getUpdateComplete();
    }
    // In a form, the value and validity are final once the form logic has loaded and synced.
    const formLoad = this.#form.pending;
    if (formLoad) {
      await formLoad;
      complete = await super.getUpdateComplete();
    }
    const translator = this.#i18n.translator;
    if (translator.pending) {
      await translator.ready();
      complete = await super.getUpdateComplete();
    }
    const fileViews = this.#fileViews.pending;
    if (fileViews) {
      await fileViews;
      complete = await super.getUpdateComplete();
    }
    if (translator.pending) {
      await translator.ready();
      complete = await super.getUpdateComplete();
    }
    // An engine change waiting for its paced render (at most 100 ms) is on screen once that render
    // ran; announcements that arrived together take one render each, so the last one is on screen too.
    for (let pacedRender = this.#engine.waiting; pacedRender; pacedRender = this.#engine.announcer?.waiting ? this.#engine.waiting : undefined) {
      await pacedRender;
      complete = await super.getUpdateComplete();
    }
    return complete;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.#engine.willUpdate(changed);
  }

  protected override render() {
    const translator = this.#i18n.translator;
    const view = this.#view();
    const drop = this.#dragDrop;
    const editingInline = view.editor?.display === 'inline';
    const covered = view.panel !== undefined || editingInline;
    const fileViews = this.#fileViews.get(view.files.length > 0 || view.status !== 'idle' || view.previewFile !== undefined || view.editor !== undefined);
    const baseClass = [
      'base',
      this.animations && 'animated',
      this.mini && 'mini',
      this.isProcessing && 'processing',
      view.disabled && 'disabled',
      view.slot('uploader', 'root'),
    ]
      .filter(Boolean)
      .join(' ');
    return html`
      <div part="base" class=${baseClass} lang=${translator.lang} dir=${translator.dir} data-status=${view.status}
        role="group" aria-label=${translator.t('uploader.label')} aria-busy=${String(this.isProcessing)} ?inert=${view.disabled} aria-disabled=${view.disabled ? 'true' : nothing}
        @pointerenter=${this.#preload} @focusin=${this.#preload}
        @dragenter=${drop.dragenter} @dragover=${drop.dragover} @dragleave=${drop.dragleave} @drop=${drop.drop} @paste=${this.#intake.pasted}>
        ${renderOfflineBanner(view)}
        ${renderBusy(view)}
        <div class="stage">
          <div class="main" ?inert=${covered}>
            ${renderRestoredUploads(view)}
            ${view.files.length === 0 || !fileViews ? renderDropZone(view) : fileViews.renderFileList(view)}
            ${this.#engine.module?.renderRejections(view)}
            ${fileViews?.renderActions(view)}
          </div>
          ${renderSourceView(view)}
          ${fileViews?.renderInlineEditor(view)}
        </div>
        ${view.files.length > 0 && !covered ? renderDropOverlay(view) : nothing}
        ${renderBranding(view)}
        ${fileViews?.renderPreview(view)}
        ${fileViews?.renderModalEditor(view)}
        <div part="announcer" class="visually-hidden" role="status" aria-live="polite">${this.#engine.announcer?.shown}</div>
        <input part="file-input" type="file" hidden tabindex="-1" ?multiple=${view.maxFiles > 1} accept=${view.accept}
          @change=${(event: Event) => this.#intake.pickerChanged(event, 'local')} />
        <input part="folder-input" type="file" hidden tabindex="-1" webkitdirectory
          @change=${(event: Event) => this.#intake.pickerChanged(event, 'folder')} />
      </div>
    `;
  }

  /**
   * The pointer or focus entering the element (or a drag, which also enters it) is the cue that a
   * file may follow: the list's views and the upload machinery start loading then.
   */
  readonly #preload = (): void => {
    this.#fileViews.preload();
    this.#engine.loadQuietly();
    void loadUploadMachinery().catch(() => undefined);
  };

  #hostView(): UploaderHost {
    const element = this;
    return {
      element,
      get translator() {
        return element.#i18n.translator;
      },
      dispatch: (name, detail) => this.#dispatch(name, detail),
      isDisabled: () => this.isDisabled(),
      preload: () => this.#preload(),
    };
  }

  /** Thumbnail and preview URLs once the file views have arrived, made on first ask. */
  #objectUrls(): ObjectUrls | undefined {
    const views = this.#fileViews.get(false);
    if (!this.#urls && views) {
      this.#urls = new views.ObjectUrls({ maxImagePixels: () => this.#engine.current?.options.maxImagePixels, changed: () => this.requestUpdate() });
    }
    return this.#urls;
  }

  /** The list's virtual window once the file views have arrived, built on first ask. */
  #listWindowController(): ListWindowController | undefined {
    const views = this.#fileViews.get(false);
    if (!this.#listWindow && views) this.#listWindow = new views.ListWindowController(this);
    return this.#listWindow;
  }

  /** The expanded preview once the file views have arrived, built on first ask. */
  #previewController(): PreviewController | undefined {
    const views = this.#fileViews.get(false);
    if (!this.#preview && views) this.#preview = new views.PreviewController(this);
    return this.#preview;
  }

  /** The editor's controller once the file views have arrived, built on first ask. */
  #editorController(): EditorController | undefined {
    const views = this.#fileViews.get(false);
    if (!this.#editor && views) this.#editor = new views.EditorController(this, this.#editorCallbacks);
    return this.#editor;
  }

  /** For `addFiles`' `hold`: the files `imageEditor.autoOpen` will open on wait for the edit before uploading. */
  #opensEditorOnAdd(): EditorController['opensOnAdd'] {
    if (this.#editor) return this.#editor.opensOnAdd;
    // Files are added through the engine, so its module (which carries the editor's options) is there.
    const { opensOnAdd, resolveEditorOptions } = this.#engine.module!;
    const options = resolveEditorOptions(this.imageEditor);
    return (file, batch) => opensOnAdd(options, file, batch);
  }

  /** What the templates render, from the props and the current state. */
  #view(): UploaderView {
    const files = this.#engine.files;
    const listWindow = this.#listWindowController();
    const preview = this.#previewController();
    const focusedId = listWindow?.focusedId;
    return buildUploaderView(this, {
      translator: this.#i18n.translator,
      intents: this.#intents,
      files,
      progress: this.#engine.progress,
      runEstimate: this.#engine.current?.progress ?? {},
      panel: this.#panels.current,
      restoredUploads: this.#form.restoredCount,
      disabled: this.isDisabled(),
      dragState: this.#dragDrop.state,
      rejections: this.#engine.rejections,
      folderLimit: this.#intake.folderLimit,
      online: this.#engine.online,
      maxFiles: effectiveMaxFiles(this),
      slot: this.#themeSlots().slotClass,
      // Without the file views the list is not drawn, so its window does not matter.
      listWindow: listWindow?.compute(files.length, focusedId === undefined ? -1 : files.findIndex((file) => file.id === focusedId)) ?? {
        virtual: false,
        start: 0,
        end: files.length,
        rowSize: 0,
      },
      previewFile: preview?.fileId === undefined ? undefined : files.find((file) => file.id === preview.fileId),
      editor: this.#editorController()?.current,
      canEdit: this.#editor?.canEdit ?? (() => false),
      thumbnailUrl: (file) => this.#objectUrls()?.thumbnail(file),
      // Only the preview asks, and it is one of the file views: the URLs are there by then.
      mediaUrl: (file) => this.#objectUrls()?.media(file) ?? '',
    });
  }

  /** `theme.slots`, read again only when the theme object changes. */
  #themeSlots() {
    const slots = this.theme?.slots;
    if (slots !== this.#slots.source) this.#slots = { source: slots, ...readThemeSlots(slots) };
    return this.#slots;
  }

  /** Files left or joined the list: what was kept for removed ones goes, and the form follows at once. */
  #listChanged(files: readonly UploadFileRecord[]): void {
    this.#urls?.keep(files);
    this.#preview?.keep(files);
    this.#editor?.keep(files);
    // The form's value follows the engine at once, not the paced render: a page that submits
    // as soon as a file is stored must find its key in the form.
    this.#form.sync();
  }

  /** Every event goes through here, so the live region hears about it. */
  #dispatch<Name extends SvcUploaderEventName>(name: Name, detail: SvcUploaderEventDetail<Name>): CustomEvent<SvcUploaderEventDetail<Name>> {
    const event = this.emit(name, detail);
    this.#engine.announce(name, detail);
    return event;
  }
}
