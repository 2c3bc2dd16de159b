import { html, nothing, type PropertyValues } from 'lit';
import { classMap } from 'lit/directives/class-map.js';
import { styleMap } from 'lit/directives/style-map.js';
import {
  toAcceptAttribute,
  toBytes,
  UploadEngine,
  type AddFilesResult,
  type EngineOptions,
  type FileRejection,
  type FileSizeLimit,
  type FileSource,
  type ResumableOptions,
  type CorsOptions,
  type UploadFileRecord,
  type UploadRunSummary,
} from '../engine/index.js';
import { I18nController } from '../i18n/index.js';
import { Announcer } from './announcer.js';
import { bridgeEngineEvents, deriveStatus } from './engine-bridge.js';
import type { SvcUploaderEventDetail, SvcUploaderEventName } from './events.js';
import { ENGINE_PROP_NAMES, toPropertyDeclarations } from './properties.js';
import { createDragDropHandlers } from './sources/drag-drop.js';
import type { DropReadResult } from './sources/dropped-files.js';
import { PanelController } from './sources/panel-host.js';
import type { PanelDelivery, PanelFailure, SourcePanelContext } from './sources/source-panel.js';
import { uploaderStyles } from './styles.js';
import { SvcElement } from './svc-element.js';
import { renderActions } from './templates/actions.js';
import { renderDropZone } from './templates/drop-zone.js';
import { renderFileList } from './templates/file-list.js';
import { renderBranding, renderBusy, renderOfflineBanner, renderRejections } from './templates/notices.js';
import { renderSourceView } from './templates/source-view.js';
import type { DragState, UploaderIntents, UploaderView } from './templates/view-model.js';
import {
  DEFAULT_SOURCES,
  type CloudDrivesConfig,
  type ElementFileSource,
  type FolderUploadOptions,
  type I18nConfig,
  type IconsConfig,
  type ImageEditorOptions,
  type ThemeConfig,
  type UploadSource,
} from './types.js';

/**
 * @summary A file uploader for S3-compatible storage: drop zone, local files and folders, paste,
 * links, camera, microphone and screen capture, with resumable uploads run by the headless engine.
 *
 * @event svc-* - Every event is listed, with its detail, in `events.ts` and docs/element.md.
 *
 * @csspart base - The root container (drag, paste and drop target).
 * @csspart drop-zone - The drop area with the pickers and source chips.
 * @csspart browse-button - Opens the file picker. @csspart folder-button - Opens the folder picker.
 * @csspart sources - The list of source chips. @csspart source-chip - One source chip (also `source-chip-<source>`).
 * @csspart source-view - An open source panel (also `source-view-<source>`); `back-button` leaves it.
 * @csspart file-list - The list of files. @csspart file - One file row (also `file-<state>`).
 * @csspart file-name - @csspart file-size - @csspart file-progress - @csspart file-status -
 * @csspart file-remove - @csspart file-retry - Parts of a file row.
 * @csspart actions - Run controls: `upload-button`, `pause-button`, `resume-button`, `cancel-button`,
 * `retry-all-button`, `done-button`, `add-more-button`.
 * @csspart overall-progress - Combined progress of the run. @csspart summary - The outcome of a run.
 * @csspart rejections - Why files were refused. @csspart offline-banner - @csspart busy - @csspart branding -
 * @csspart announcer - The visually hidden live region.
 *
 * @cssproperty --svc-color-accent - Primary buttons, progress and drag-over; every `--svc-*` token applies.
 */
export class SvcUploader extends SvcElement {
  static override styles = uploaderStyles;
  static override properties = toPropertyDeclarations();

  declare provider?: string;
  declare uploadEndpoint?: string;
  declare serverUrl?: string;
  declare mode?: 'client' | 'server';
  declare autoUpload: boolean;
  declare quietCompletion: boolean;
  declare enablePaste: boolean;
  declare disableDragDrop: boolean;
  declare folderUpload?: FolderUploadOptions;
  declare onBeforeFileAdded?: EngineOptions['onBeforeFileAdded'];
  declare maxFiles?: number;
  declare allowedFileTypes?: string | string[];
  declare maxFileSize?: FileSizeLimit;
  declare minFileSize?: FileSizeLimit;
  declare maxTotalFileSize?: FileSizeLimit;
  declare contentDeduplication: boolean;
  declare imageCompression: boolean;
  declare heicConversion: boolean;
  declare stripExifData: boolean;
  declare thumbnailGenerator: boolean;
  declare checksumVerification: boolean;
  declare webWorker?: boolean;
  declare imageEditor?: boolean | ImageEditorOptions | null;
  declare processingEndpoint?: string;
  declare processingTimeout?: number;
  declare maxRetries?: number;
  declare maxConcurrentUploads?: number;
  declare resumable?: ResumableOptions;
  declare crashRecovery: boolean;
  declare networkAware: boolean;
  declare metadata?: Record<string, unknown>;
  declare cors?: CorsOptions;
  declare sources: UploadSource[];
  declare cloudDrives?: CloudDrivesConfig;
  declare theme?: ThemeConfig;
  declare animations: boolean;
  declare mini: boolean;
  declare icons?: IconsConfig;
  declare allowPreview: boolean;
  declare showBranding: boolean;
  declare isProcessing: boolean;
  declare i18n?: I18nConfig;

  #engine?: UploadEngine;
  #files: readonly UploadFileRecord[] = [];
  #progress = 0;
  #online = typeof navigator === 'undefined' || navigator.onLine;
  #rejections: FileRejection[] = [];
  #dragState: DragState = 'idle';
  #configurationError?: string;
  readonly #announcer = new Announcer();
  readonly #i18n = new I18nController(this, () => this.i18n);
  readonly #panels = new PanelController(this, {
    context: () => this.#panelContext(),
    onClosed: (source) => this.#dispatch('svc-source-close', { source }),
    onLoadFailed: (source, error) => this.#dispatch('svc-error', { scope: 'media', code: 'PANEL_LOAD_FAILED', message: String(error), source }),
  });
  readonly #dragDrop = createDragDropHandlers({
    acceptsDrops: () => !this.disableDragDrop && !this.isProcessing && !this.#panels.current,
    allowFolderDrop: () => Boolean(this.folderUpload?.allowDrop),
    remainingCapacity: () => this.#maxFiles() - this.#files.length,
    setDragState: (state) => { this.#dragState = state; this.requestUpdate(); },
    onDragEnter: (itemCount) => this.#dispatch('svc-drag-enter', { itemCount }),
    onDragLeave: () => this.#dispatch('svc-drag-leave', {}),
    onDrop: (result) => void this.#acceptDrop(result),
  });

  constructor() {
    super();
    Object.assign(this, {
      autoUpload: false, quietCompletion: false, enablePaste: false, disableDragDrop: false,
      maxFiles: 10, allowedFileTypes: '*', maxFileSize: { size: 1, unit: 'GB' }, contentDeduplication: false,
      imageCompression: false, heicConversion: false, stripExifData: false, thumbnailGenerator: false,
      checksumVerification: false, processingTimeout: 60_000, maxRetries: 3, maxConcurrentUploads: 3,
      crashRecovery: false, networkAware: true, sources: [...DEFAULT_SOURCES], animations: true, mini: false,
      allowPreview: true, showBranding: true, isProcessing: false,
    });
  }

  /** The headless engine behind the element, for options the element does not forward. */
  get engine(): UploadEngine {
    return this.#engine ?? this.#createEngine();
  }

  /** Read-only snapshot of the file list. */
  get files(): readonly UploadFileRecord[] {
    return this.engine.files;
  }

  /** Adds files as if the user had chosen them (validation applies; no `svc-files-select`). */
  async addFiles(files: File[] | FileList, source: FileSource = 'local'): Promise<AddFilesResult> {
    const result = await this.engine.addFiles(files, source);
    if (result.added.length > 0) this.#dispatch('svc-files-add', { files: result.added });
    return result;
  }

  removeFile(id: string): void {
    this.engine.removeFile(id);
  }

  /** Uploads every queued file; resolves once each has settled. */
  upload(): Promise<UploadRunSummary> {
    return this.engine.start();
  }

  /** Same as `upload()`, under the engine's name. */
  start(): Promise<UploadRunSummary> {
    return this.upload();
  }

  pause(id?: string): void {
    const before = new Set(this.engine.files.filter((file) => file.state === 'paused').map((file) => file.id));
    this.engine.pause(id);
    const paused = this.engine.files.filter((file) => file.state === 'paused' && !before.has(file.id));
    if (paused.length > 0) this.#dispatch('svc-upload-pause', { files: paused });
  }

  resume(id?: string): Promise<UploadRunSummary> {
    const paused = this.engine.files.filter((file) => file.state === 'paused' && (id === undefined ? file.pausedBy === 'user' : file.id === id));
    const run = this.engine.resume(id);
    if (paused.length > 0) this.#dispatch('svc-upload-resume', { files: paused });
    return run;
  }

  retry(id?: string): Promise<UploadRunSummary> {
    return this.engine.retry(id);
  }

  cancel(id?: string): void {
    this.engine.cancel(id);
  }

  /** Empties the list, stopping uploads in flight. */
  reset(): void {
    this.#rejections = [];
    this.engine.reset();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Back on the page after a disconnect: re-attach the engine's network watch.
    if (this.#engine && this.hasUpdated) this.#applyEngineOptions();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // A move within the page disconnects and reconnects in one task; only a real removal stops uploads.
    queueMicrotask(() => {
      if (!this.isConnected) this.#engine?.destroy();
    });
  }

  /** Also waits for translations that load on demand, so text on screen is final. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let complete = await super.getUpdateComplete();
    const translator = this.#i18n.translator;
    if (translator.pending) {
      await translator.ready();
      complete = await super.getUpdateComplete();
    }
    return complete;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!this.#engine) this.#createEngine();
    else if (ENGINE_PROP_NAMES.some((name) => changed.has(name))) this.#applyEngineOptions();
  }

  protected override render() {
    const view = this.#view();
    const translator = view.translator;
    const canAdd = view.files.length < view.maxFiles;
    return html`
      <div part="base" class=${classMap({ base: true, animated: this.animations, processing: this.isProcessing })}
        lang=${translator.lang} dir=${translator.dir} data-status=${view.status} data-theme=${this.theme?.mode ?? nothing}
        style=${styleMap(this.#tokenStyles())} aria-label=${translator.t('uploader.label')} role="group" aria-busy=${this.isProcessing ? 'true' : 'false'}
        @dragenter=${this.#dragDrop.dragenter} @dragover=${this.#dragDrop.dragover} @dragleave=${this.#dragDrop.dragleave}
        @drop=${this.#dragDrop.drop} @paste=${this.#onPaste}>
        ${renderOfflineBanner(view)}
        ${renderBusy(view)}
        ${view.panel
          ? renderSourceView(view)
          : html`${canAdd ? renderDropZone(view) : nothing}${renderRejections(view)}${renderFileList(view)}${renderActions(view)}`}
        ${renderBranding(view)}
        <div part="announcer" class="visually-hidden" role="status" aria-live="polite">${this.#announcer.text}</div>
        <input part="file-input" type="file" hidden tabindex="-1" ?multiple=${view.maxFiles > 1} accept=${view.accept}
          @change=${(event: Event) => this.#onPickerChange(event, 'local')} />
        <input part="folder-input" type="file" hidden tabindex="-1" webkitdirectory
          @change=${(event: Event) => this.#onPickerChange(event, 'folder')} />
      </div>
    `;
  }

  #createEngine(): UploadEngine {
    let engine: UploadEngine;
    try {
      engine = new UploadEngine(this.#engineOptions());
      this.#configurationError = undefined;
    } catch (error) {
      // Keep a working element; the options are re-applied as soon as the host fixes them.
      engine = new UploadEngine({});
      this.#reportConfigurationError(error);
    }
    this.#engine = engine;
    this.#files = engine.files;
    bridgeEngineEvents(engine, {
      emit: (name, detail) => this.#dispatch(name, detail),
      onEngineChange: ({ files, progress, online }) => {
        if (files) this.#files = files;
        if (progress !== undefined) this.#progress = progress;
        if (online !== undefined) this.#online = online;
        this.requestUpdate();
      },
      onRejected: (rejection) => {
        this.#rejections = [...this.#rejections, rejection];
        this.requestUpdate();
      },
      allowedFileTypesText: () => [this.allowedFileTypes ?? '*'].flat().join(','),
    });
    return engine;
  }

  #engineOptions(): EngineOptions {
    const options: Record<string, unknown> = {};
    for (const name of ENGINE_PROP_NAMES) options[name] = this[name];
    return options as EngineOptions;
  }

  #applyEngineOptions(): void {
    try {
      this.engine.setOptions(this.#engineOptions());
      this.#configurationError = undefined;
    } catch (error) {
      this.#reportConfigurationError(error);
    }
  }

  /** Reported once per distinct problem, not on every later property change. */
  #reportConfigurationError(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    if (message === this.#configurationError) return;
    this.#configurationError = message;
    this.#dispatch('svc-error', { scope: 'configuration', code: 'CONFIGURATION_ERROR', message });
  }

  /** Every event goes through here so the live region hears about it. */
  #dispatch<Name extends SvcUploaderEventName>(name: Name, detail: SvcUploaderEventDetail<Name>): CustomEvent<SvcUploaderEventDetail<Name>> {
    const event = this.emit(name, detail);
    const translator = this.#i18n.translator;
    if (this.#announcer.onEvent(name, detail, translator)) this.requestUpdate();
    // ICU messages arrive with intl-messageformat; announce once they can be worded.
    if (translator.pending) void translator.ready().then(() => this.#announcer.onEvent(name, detail, translator) && this.requestUpdate());
    return event;
  }

  /** Files from any source: `svc-files-select` may edit or veto the batch, then the engine validates. */
  async #intake(files: File[], source: ElementFileSource): Promise<AddFilesResult | undefined> {
    if (files.length === 0) return undefined;
    const selection = this.#dispatch('svc-files-select', { files: [...files], source });
    if (selection.defaultPrevented) return undefined;
    return this.addFiles(selection.detail.files, source);
  }

  #onPickerChange(event: Event, source: ElementFileSource): void {
    const input = event.target as HTMLInputElement;
    const files = Array.from(input.files ?? []);
    // Cleared so choosing the same file again still fires `change`.
    input.value = '';
    void this.#intake(files, source);
  }

  async #acceptDrop({ files, folderCount, skipped }: DropReadResult): Promise<void> {
    if (skipped.length > 0) {
      this.#dispatch('svc-warn', { code: 'DROP_ENTRIES_SKIPPED', message: `Not added from the drop: ${skipped.join(', ')}` });
    }
    const dropped = files.map(({ file, relativePath }) => withRelativePath(file, relativePath));
    if (dropped.length === 0) return;
    if (this.#dispatch('svc-drop', { files: dropped, folderCount }).defaultPrevented) return;
    await this.#intake(dropped, 'drop');
  }

  readonly #onPaste = (event: ClipboardEvent): void => {
    if (!this.enablePaste || this.isProcessing) return;
    const files = Array.from(event.clipboardData?.files ?? []);
    // Text pastes (e.g. into the link field) go on as usual.
    if (files.length === 0) return;
    event.preventDefault();
    if (this.#dispatch('svc-paste', { files }).defaultPrevented) return;
    void this.#intake(files, 'paste');
  };

  #maxFiles(): number {
    return this.mini ? 1 : Math.max(1, Math.floor(this.maxFiles ?? 10));
  }

  #tokenStyles(): Record<string, string> {
    const styles: Record<string, string> = {};
    for (const [name, value] of Object.entries(this.theme?.tokens ?? {})) {
      styles[name.startsWith('--') ? name : `--svc-${name}`] = value;
    }
    return styles;
  }

  #panelContext(): Omit<SourcePanelContext, 'requestUpdate' | 'close'> {
    return {
      t: (key, values) => this.#i18n.translator.t(key, values),
      icons: () => this.icons,
      deliver: (delivery) => this.#deliver(delivery),
      fail: (failure) => this.#panelFailed(failure),
      notify: (name, detail) => !this.#dispatch(name, detail).defaultPrevented,
    };
  }

  async #deliver(delivery: PanelDelivery): Promise<boolean> {
    if (delivery.source === 'camera') this.#dispatch('svc-camera-capture', delivery.capture);
    if (delivery.source === 'microphone') this.#dispatch('svc-audio-record', delivery.recording);
    if (delivery.source === 'screen') this.#dispatch('svc-screen-record', delivery.recording);
    const result = await this.#intake([delivery.file], delivery.source);
    if (!result) return false;
    // Close even when validation refused the file: the list view shows why.
    this.#panels.close();
    return result.added.length > 0;
  }

  #panelFailed({ source, code, message, url, status }: PanelFailure): void {
    this.#dispatch('svc-error', {
      scope: source === 'url' ? 'url-import' : 'media', code, message, source,
      ...(url ? { url } : {}), ...(status ? { status } : {}),
    });
  }

  #view(): UploaderView {
    const translator = this.#i18n.translator;
    const maxFiles = this.#maxFiles();
    const bytesText = (limit: FileSizeLimit | undefined) => {
      try {
        return limit ? translator.formatBytes(toBytes(limit)) : undefined;
      } catch {
        return undefined;
      }
    };
    const allowed = [this.allowedFileTypes ?? '*'].flat().flatMap((types) => types.split(',')).map((type) => type.trim()).filter((type) => type && type !== '*');
    return {
      t: translator.t,
      translator,
      intents: this.#intents,
      icons: this.icons,
      files: this.#files,
      status: deriveStatus(this.#files),
      progress: this.#progress,
      sources: this.sources ?? DEFAULT_SOURCES,
      panel: this.#panels.current,
      dragState: this.#dragState,
      rejections: this.#rejections,
      maxFiles,
      accept: toAcceptAttribute(this.allowedFileTypes),
      allowedTypesText: allowed.length > 0 ? translator.formatList(allowed) : '',
      maxFileSizeText: bytesText(this.maxFileSize),
      minFileSizeText: bytesText(this.minFileSize),
      showSelectFolderButton: Boolean(this.folderUpload?.showSelectFolderButton),
      enablePaste: this.enablePaste,
      dragDropEnabled: !this.disableDragDrop,
      isProcessing: this.isProcessing,
      online: this.#online,
      networkAware: this.networkAware,
      quietCompletion: this.quietCompletion,
      showBranding: this.showBranding,
      mini: this.mini,
    };
  }

  readonly #intents: UploaderIntents = {
    openFilePicker: () => this.#picker('file-input')?.click(),
    openFolderPicker: () => this.#picker('folder-input')?.click(),
    openSource: (source) => {
      if (this.#dispatch('svc-source-open', { source }).defaultPrevented) return;
      if (source === 'local') this.#picker('file-input')?.click();
      else void this.#panels.open(source);
    },
    closeSource: () => this.#panels.close(),
    clickFile: (id) => this.#withFile(id, (file) => this.#dispatch('svc-file-click', { file })),
    removeFile: (id) => this.#withFile(id, (file) => {
      if (!this.#dispatch('svc-file-remove', { file }).defaultPrevented) this.engine.removeFile(id);
    }),
    retryFile: (id) => void this.retry(id),
    upload: () => void this.upload(),
    pause: () => this.pause(),
    resume: () => void this.resume(),
    cancel: () => {
      const active = this.#files.filter((file) => !['successful', 'failed', 'canceled'].includes(file.state));
      if (!this.#dispatch('svc-upload-cancel', { files: active }).defaultPrevented) this.engine.cancel();
    },
    retryAll: () => void this.retry(),
    done: () => {
      this.#dispatch('svc-done', { files: this.#files });
      this.reset();
    },
    dismissRejections: () => {
      this.#rejections = [];
      this.requestUpdate();
    },
  };

  #withFile(id: string, action: (file: UploadFileRecord) => void): void {
    const file = this.#files.find((candidate) => candidate.id === id);
    if (file) action(file);
  }

  #picker(part: 'file-input' | 'folder-input'): HTMLInputElement | null {
    return this.renderRoot.querySelector<HTMLInputElement>(`input[part="${part}"]`);
  }

}

/**
 * Files read from a dropped folder carry their path below it in `webkitRelativePath`, as files
 * from the folder picker do, so hosts read folder structure the same way for both.
 */
function withRelativePath(file: File, relativePath: string): File {
  if (relativePath === file.name || file.webkitRelativePath) return file;
  Object.defineProperty(file, 'webkitRelativePath', { value: relativePath, configurable: true });
  return file;
}
