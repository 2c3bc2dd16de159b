/**
 * Drag and drop onto the uploader: drag-over and drag-rejected feedback, and reading the drop
 * (walking into folders when `folderUpload.allowDrop` is on), which goes straight to the intake.
 */
import type { UploaderHost } from '../uploader-host.js';
import { effectiveMaxFiles } from '../uploader-props-element.js';
import type { DragState } from '../view-model.js';
import { readDroppedFiles } from './dropped-files.js';

function fileItemCount(transfer: DataTransfer | null): number {
  if (!transfer) return 0;
  if (!Array.from(transfer.types).includes('Files')) return 0;
  return Array.from(transfer.items).filter((item) => item.kind === 'file').length;
}

/**
 * Listeners for the uploader's root. `dragenter`/`dragleave` fire for every child the pointer
 * crosses, so a depth counter decides when the drag really entered or left.
 */
export class DragDrop {
  /** What the drop zone shows while files are dragged over it. */
  state: DragState = 'idle';
  #depth = 0;

  readonly #host: UploaderHost;

  constructor(host: UploaderHost) {
    this.#host = host;
  }

  /** False while drag and drop is off, the element is busy or disabled, or a source panel is open. */
  #acceptsDrops(): boolean {
    const element = this.#host.element;
    return !element.disableDragDrop && !element.isProcessing && !this.#host.isDisabled() && !this.#host.panels.current;
  }

  #setState(state: DragState): void {
    this.state = state;
    this.#host.element.requestUpdate();
  }

  #reset(): void {
    this.#depth = 0;
    this.#setState('idle');
  }

  readonly dragenter = (event: DragEvent): void => {
    const count = fileItemCount(event.dataTransfer);
    if (count === 0) return;
    event.preventDefault();
    this.#depth += 1;
    if (this.#depth > 1) return;
    if (!this.#acceptsDrops()) return this.#setState('idle');
    const remaining = effectiveMaxFiles(this.#host.element) - this.#host.engine.files.length;
    this.#setState(count > remaining ? 'rejected' : 'over');
    // A drag is the surest cue that files follow: what they need starts loading now.
    this.#host.preload();
    this.#host.dispatch('svc-drag-enter', { itemCount: count });
  };

  readonly dragover = (event: DragEvent): void => {
    if (fileItemCount(event.dataTransfer) === 0) return;
    // Always claim file drags: an unclaimed drop makes the browser navigate away to the file.
    event.preventDefault();
    event.dataTransfer!.dropEffect = this.#acceptsDrops() ? 'copy' : 'none';
  };

  readonly dragleave = (event: DragEvent): void => {
    if (this.#depth === 0) return;
    this.#depth -= 1;
    if (this.#depth > 0) return;
    event.preventDefault();
    this.#reset();
    this.#host.dispatch('svc-drag-leave', {});
  };

  readonly drop = (event: DragEvent): void => {
    if (fileItemCount(event.dataTransfer) === 0 && (event.dataTransfer?.files.length ?? 0) === 0) return;
    event.preventDefault();
    const accepts = this.#acceptsDrops();
    this.#reset();
    if (!accepts || !event.dataTransfer) return;
    // Entries must be taken now: the browser empties the transfer when this handler returns.
    const allowFolders = Boolean(this.#host.element.folderUpload?.allowDrop);
    void readDroppedFiles(event.dataTransfer, { allowFolders }).then((result) => this.#host.intake.dropped(result));
  };
}
