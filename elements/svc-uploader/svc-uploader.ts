import type { PropertyValues } from 'lit';
import type { AddFilesResult, FileSource, UploadEngine, UploadFileRecord, UploadRunSummary } from '../../engine/index.js';
import { loadUploadMachinery } from '../../engine/upload/upload-machinery-loader.js';
import { I18nController } from '../i18n/index.js';
import { followDocumentLocale } from '../i18n/document-locale.js';
import { followLocaleTag } from '../i18n/locale-tag.js';
import { PagePasteController } from './drop-zone/page-paste.js';
import { SlotStylesController, ThemeController } from '../theme/index.js';
import { EngineController } from './engine-link/engine-controller.js';
import type { UploaderHost } from './uploader-host.js';
import type { SvcUploaderEventDetail, SvcUploaderEventName } from './events.js';
import { FileIntake } from './drop-zone/file-intake.js';
import { FormValueController } from './form/form-value-controller.js';
import { FileViewsLoader } from './file-views-loader.js';
import { DragDrop } from './drop-zone/drag-drop.js';
import { PanelController } from './sources/panel-host.js';
import { uploaderStyles } from './shell/uploader-styles.js';
import { needsFileViews, renderUploaderFrame, type FrameListeners } from './shell/uploader-frame.js';
import type { UploaderView } from './view-model.js';
import { ThemeSlotsReader } from './theme-slots.js';
import { createUploaderIntents } from './uploader-intents.js';
import { mixinFormAssociated } from './form/form-associated.js';
import { effectiveMaxFiles, UploaderPropsElement } from './uploader-props-element.js';
import { buildUploaderView } from './uploader-view.js';

/**
 * @summary A file uploader for S3-compatible storage: drop zone, local files and folders, paste,
 * links, camera, microphone and screen capture; the headless `UploadEngine` does the uploading.
 *
 * Events are declared in events.ts (typed through `HTMLElementEventMap`) and the main parts in
 * part-docs.ts; the manifest, docs/element.md and the framework typings are generated from them.
 *
 * @cssproperty --svc-color-accent - Primary buttons, progress and drag-over; every `--svc-*` design token applies.
 */
export class SvcUploader extends mixinFormAssociated(UploaderPropsElement) {
  static override styles = uploaderStyles;

  /** The element as its controllers see it (uploader-host.ts). */
  readonly #host = this.#hostView();
  // The engine arrives after the drop zone is painted; the controller owns its load and state.
  readonly #engine = new EngineController(this.#host, (files) => this.#listChanged(files));
  readonly #themeSlots = new ThemeSlotsReader(() => this.theme?.slots);
  // Without an `i18n` prop the element speaks the page's language (`<html lang>` and `dir`).
  readonly #documentLocale = followDocumentLocale(this);
  // A bare `locale` tag in the prop brings the closest shipped bundle with it.
  readonly #propLocale = followLocaleTag(this, () => this.i18n);
  readonly #i18n = new I18nController(this, () => this.#propLocale() ?? this.#documentLocale());
  /** What the form receives (form/form-value-controller.ts). */
  readonly #form = new FormValueController(this.#host, this.internals);
  /** The list, the preview and the editor, and their controllers, which arrive after the first paint. */
  readonly #fileViews = new FileViewsLoader(this.#host);
  readonly #panels = new PanelController(this.#host);
  // Files flow one way: a gesture (drop, paste, picker, panel) to the intake, the intake to the engine.
  readonly #intake = new FileIntake(this.#host);
  readonly #dragDrop = new DragDrop(this.#host);
  readonly #intents = createUploaderIntents(this.#host, this.#fileViews);
  readonly #listeners: FrameListeners = {
    preload: () => this.#preload(),
    drag: this.#dragDrop,
    paste: this.#intake.pasted,
    picked: this.#intake.pickerChanged,
  };

  constructor() {
    super();
    // Controllers that hook into the element's lifecycle themselves, so the element keeps no
    // reference: `theme.mode` and `theme.tokens` on the host, the page rules for `theme.slots`
    // classes in the shadow root, and with `paste-scope="document"` pastes outside the element.
    new ThemeController(this, () => this.theme);
    new SlotStylesController(this, () => this.#themeSlots.current.classNames);
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
    const result = await this.#engine.run((engine) => engine.addFiles(files, source, { hold: this.#fileViews.editorHolds() }));
    if (result.added.length > 0) this.#dispatch('svc-files-add', { files: result.added });
    if (result.rejected.length > 0) this.#dispatch('svc-files-reject', { rejections: result.rejected });
    // A pick renders at once, not with the next paced render. The first files wait for the list's
    // views, so they are on screen once this resolves (an element not yet placed renders when it
    // is). The editor's controller comes with them.
    this.requestUpdate();
    await this.#fileViews.pending;
    if (this.isConnected) await this.updateComplete;
    this.#fileViews.added(result.added);
    return result;
  }

  /** Opens the image editor on a listed image (as its Edit button does). */
  async editFile(id: string): Promise<void> {
    this.#fileViews.preload();
    await this.#fileViews.pending;
    await this.#fileViews.editor?.open(id);
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
    void this.#engine.pause(id);
  }

  /** Resumes one paused file, or every file the user paused. */
  resume(id?: string): Promise<UploadRunSummary> {
    return this.#engine.resume(id);
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
   * waiting for their paced render, so what is on screen is final.
   */
  protected override async getUpdateComplete(): Promise<boolean> {
    let complete = await super.getUpdateComplete();
    for (const loading of this.#stillLoading()) {
      await loading;
      complete = await super.getUpdateComplete();
    }
    return complete;
  }

  /** What is still on its way, in order; each is asked after the one before has arrived and rendered. */
  *#stillLoading(): Generator<Promise<unknown>> {
    // Waiting for a settled element is a use of it: the engine loads now if it has not yet.
    if (!this.#engine.created) yield this.#engine.load().catch(() => undefined);
    // In a form, the value and validity are final once the form logic has loaded and synced.
    if (this.#form.pending) yield this.#form.pending;
    // Translations come first and again last: the list's plural messages may need them.
    if (this.#i18n.translator.pending) yield this.#i18n.translator.ready();
    if (this.#fileViews.pending) yield this.#fileViews.pending;
    if (this.#i18n.translator.pending) yield this.#i18n.translator.ready();
    // An engine change waiting for its paced render (at most 100 ms) is on screen once that render
    // ran; announcements that arrived together take one render each, so the last one is on screen too.
    for (let paced = this.#engine.waiting; paced; paced = this.#engine.announcer?.waiting ? this.#engine.waiting : undefined) yield paced;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.#engine.willUpdate(changed);
  }

  protected override render() {
    const view = this.#view();
    return renderUploaderFrame(view, {
      fileViews: this.#fileViews.get(needsFileViews(view)),
      rejections: this.#engine.module?.renderRejections(view),
      announcement: this.#engine.announcer?.shown,
      animations: this.animations,
      on: this.#listeners,
    });
  }

  /** The pointer, focus or a drag entering is the cue that a file may follow: what files need starts loading. */
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
      get engine() {
        return element.#engine;
      },
      get intake() {
        return element.#intake;
      },
      get panels() {
        return element.#panels;
      },
      get form() {
        return element.#form;
      },
      dispatch: (name, detail) => this.#dispatch(name, detail),
      isDisabled: () => this.isDisabled(),
      preload: () => this.#preload(),
      // Asked only about listed files, so the engine's module (which words refusals) is there.
      describeRejection: (rejection) => this.#engine.module!.rejectionText(this.#view(), rejection),
    };
  }

  /** What the templates render, from the props and the current state. */
  #view(): UploaderView {
    const files = this.#engine.files;
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
      slot: this.#themeSlots.current.slotClass,
      ...this.#fileViews.viewState(files),
    });
  }

  /** Files left or joined the list: what was kept for removed ones goes, and the form follows at once. */
  #listChanged(files: readonly UploadFileRecord[]): void {
    this.#fileViews.keep(files);
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
