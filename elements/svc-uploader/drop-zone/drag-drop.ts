/**
 * Drag and drop onto the uploader: drag-over and drag-rejected feedback, and reading the drop
 * (walking into folders when `folderUpload.allowDrop` is on).
 */
import type { DragState } from '../view-model.js';
import { readDroppedFiles, type DropReadResult } from './dropped-files.js';

export interface DragDropHost {
  /** False while drag and drop is off, the host is busy or a source panel is open. */
  acceptsDrops(): boolean;
  allowFolderDrop(): boolean;
  /** How many more files the list takes. */
  remainingCapacity(): number;
  setDragState(state: DragState): void;
  onDragEnter(itemCount: number): void;
  onDragLeave(): void;
  onDrop(result: DropReadResult): void;
}

function fileItemCount(transfer: DataTransfer | null): number {
  if (!transfer) return 0;
  if (!Array.from(transfer.types).includes('Files')) return 0;
  return Array.from(transfer.items).filter((item) => item.kind === 'file').length;
}

/**
 * Listeners for the uploader's root. `dragenter`/`dragleave` fire for every child the pointer
 * crosses, so a depth counter decides when the drag really entered or left.
 */
export function createDragDropHandlers(host: DragDropHost) {
  let depth = 0;

  const reset = () => {
    depth = 0;
    host.setDragState('idle');
  };

  return {
    dragenter(event: DragEvent) {
      const count = fileItemCount(event.dataTransfer);
      if (count === 0) return;
      event.preventDefault();
      depth += 1;
      if (depth > 1) return;
      if (!host.acceptsDrops()) return host.setDragState('idle');
      host.setDragState(count > host.remainingCapacity() ? 'rejected' : 'over');
      host.onDragEnter(count);
    },
    dragover(event: DragEvent) {
      if (fileItemCount(event.dataTransfer) === 0) return;
      // Always claim file drags: an unclaimed drop makes the browser navigate away to the file.
      event.preventDefault();
      event.dataTransfer!.dropEffect = host.acceptsDrops() ? 'copy' : 'none';
    },
    dragleave(event: DragEvent) {
      if (depth === 0) return;
      depth -= 1;
      if (depth > 0) return;
      event.preventDefault();
      reset();
      host.onDragLeave();
    },
    drop(event: DragEvent) {
      if (fileItemCount(event.dataTransfer) === 0 && (event.dataTransfer?.files.length ?? 0) === 0) return;
      event.preventDefault();
      const accepts = host.acceptsDrops();
      reset();
      if (!accepts || !event.dataTransfer) return;
      // Entries must be taken now: the browser empties the transfer when this handler returns.
      void readDroppedFiles(event.dataTransfer, { allowFolders: host.allowFolderDrop() }).then((result) => host.onDrop(result));
    },
  };
}
