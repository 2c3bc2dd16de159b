/**
 * Every way files arrive (picker, folder picker, drop, paste, source panels) ends here:
 * source-specific events first, then `svc-files-select`, which listeners may edit or veto, then
 * the engine's own filter and validation (the element's `addFiles`). Files flow one way, from the
 * gesture through here to the engine; the intake reads the props it needs from the element.
 */
import type { AddFilesResult } from '../../../engine/index.js';
import type { UploaderHost } from '../uploader-host.js';
import { MAX_FILES_PER_FOLDER, type DropReadResult } from './dropped-files.js';
import type { PanelDelivery, PanelFailure } from '../sources/source-panel.js';
import type { ElementFileSource } from '../types.js';

/**
 * Files read from a dropped folder carry their path below it in `webkitRelativePath`, as files
 * from the folder picker do, so hosts read folder structure the same way for both.
 */
function withRelativePath(file: File, relativePath: string): File {
  if (relativePath === file.name || file.webkitRelativePath) return file;
  Object.defineProperty(file, 'webkitRelativePath', { value: relativePath, configurable: true });
  return file;
}

export class FileIntake {
  readonly #host: UploaderHost;
  /** Set when a folder held more files than are read: the refusal notice says so until dismissed. */
  folderLimit: number | undefined;
  constructor(host: UploaderHost) {
    this.#host = host;
  }

  /** The refusal notice was dismissed, or the list emptied. */
  clearFolderLimit(): void {
    this.folderLimit = undefined;
  }

  async take(files: File[], source: ElementFileSource): Promise<AddFilesResult | undefined> {
    if (files.length === 0) return undefined;
    const selection = this.#host.dispatch('svc-files-select', { files: [...files], source });
    if (selection.defaultPrevented) return undefined;
    return this.#host.element.addFiles(selection.detail.files, source);
  }

  readonly pickerChanged = (event: Event, source: ElementFileSource): void => {
    const input = event.target as HTMLInputElement;
    let files = Array.from(input.files ?? []);
    // Cleared so choosing the same file again still fires `change`.
    input.value = '';
    // The browser lists a chosen folder in full; a dropped one is read only up to the same limit.
    if (source === 'folder' && files.length > MAX_FILES_PER_FOLDER) {
      files = files.slice(0, MAX_FILES_PER_FOLDER);
      this.#folderCutShort('The chosen folder');
    }
    void this.take(files, source);
  };

  async dropped({ files, folderCount, skipped, truncated }: DropReadResult): Promise<void> {
    if (skipped.length > 0) {
      this.#host.dispatch('svc-warn', { code: 'DROP_ENTRIES_SKIPPED', message: `Not added from the drop: ${skipped.join(', ')}` });
    }
    if (truncated) this.#folderCutShort('The dropped folder');
    const dropped = files.map(({ file, relativePath }) => withRelativePath(file, relativePath));
    if (dropped.length === 0) return;
    if (this.#host.dispatch('svc-files-drop', { files: dropped, folderCount }).defaultPrevented) return;
    await this.take(dropped, 'drop');
  }

  readonly pasted = (event: ClipboardEvent): void => {
    const element = this.#host.element;
    if (!element.enablePaste || element.isProcessing || this.#host.isDisabled()) return;
    const files = Array.from(event.clipboardData?.files ?? []);
    // Text pastes (e.g. into the link field) go on as usual.
    if (files.length === 0) return;
    event.preventDefault();
    if (this.#host.dispatch('svc-files-paste', { files }).defaultPrevented) return;
    void this.take(files, 'paste');
  };

  /** A source panel's capture: its own event, then the common path; the panel then closes. */
  async delivered(delivery: PanelDelivery): Promise<boolean> {
    if (delivery.source === 'camera') this.#host.dispatch('svc-camera-capture', delivery.capture);
    if (delivery.source === 'microphone') this.#host.dispatch('svc-audio-record', delivery.recording);
    if (delivery.source === 'screen') this.#host.dispatch('svc-screen-record', delivery.recording);
    const result = await this.take([delivery.file], delivery.source);
    if (!result) return false;
    // Closed even when validation refused the file: the list view shows why.
    this.#host.panels.close();
    return result.added.length > 0;
  }

  #folderCutShort(what: string): void {
    const message = `${what} holds more than ${MAX_FILES_PER_FOLDER} files; only the first ${MAX_FILES_PER_FOLDER} were taken.`;
    this.#host.dispatch('svc-warn', { code: 'FOLDER_LIMIT_REACHED', message });
    this.folderLimit = MAX_FILES_PER_FOLDER;
    this.#host.element.requestUpdate();
  }

  panelFailed({ source, code, message, url, status }: PanelFailure): void {
    this.#host.dispatch('svc-error', {
      scope: source === 'url' ? 'url-import' : 'media',
      code,
      message,
      source,
      ...(url ? { url } : {}),
      ...(status ? { status } : {}),
    });
  }
}
