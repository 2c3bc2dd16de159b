/**
 * The element's whole template: the root container (where drops and pastes land, and whose entry
 * by pointer or focus is the cue to preload), the stage with the drop zone or the list and what
 * slides over it, the dialogs, the live region and the hidden pickers. What arrives after the
 * first paint (the file views, the engine's refusal notice) is drawn once it is there.
 */
import { html, nothing } from 'lit';
import { renderDropOverlay, renderDropZone } from '../drop-zone/drop-zone.js';
import { renderSourceView } from '../sources/source-view.js';
import type { ElementFileSource } from '../types.js';
import type { UploaderView } from '../view-model.js';
import { renderBranding, renderBusy, renderOfflineBanner, renderRestoredUploads } from './notices.js';

type FileViews = typeof import('../file-list/file-views.js');

/** The root's and the pickers' listeners: the drag (drop-zone/drag-drop.ts), the intake, the preload. */
export interface FrameListeners {
  readonly preload: () => void;
  readonly drag: {
    readonly dragenter: (event: DragEvent) => void;
    readonly dragover: (event: DragEvent) => void;
    readonly dragleave: (event: DragEvent) => void;
    readonly drop: (event: DragEvent) => void;
  };
  readonly paste: (event: ClipboardEvent) => void;
  readonly picked: (event: Event, source: ElementFileSource) => void;
}

export interface FrameParts {
  /** The list, run controls, preview and editor frames, once their chunk has arrived. */
  readonly fileViews: FileViews | undefined;
  /** The refused-files notice, once the engine's module (which words it) has arrived. */
  readonly rejections: unknown;
  /** What the live region says now. */
  readonly announcement: string | undefined;
  readonly animations: boolean;
  readonly on: FrameListeners;
}

/** Whether the file views are needed to draw this view (they start loading if so). */
export function needsFileViews(view: UploaderView): boolean {
  return view.files.length > 0 || view.status !== 'idle' || view.previewFile !== undefined || view.editor !== undefined;
}

export function renderUploaderFrame(view: UploaderView, { fileViews, rejections, announcement, animations, on }: FrameParts) {
  const { translator } = view;
  const covered = view.panel !== undefined || view.editor?.display === 'inline';
  const baseClass = [
    'base',
    animations && 'animated',
    view.mini && 'mini',
    view.isProcessing && 'processing',
    view.disabled && 'disabled',
    view.slot('uploader', 'root'),
  ]
    .filter(Boolean)
    .join(' ');
  return html`
    <div part="base" class=${baseClass} lang=${translator.lang} dir=${translator.dir} data-status=${view.status}
      role="group" aria-label=${translator.t('uploader.label')} aria-busy=${String(view.isProcessing)} ?inert=${view.disabled} aria-disabled=${view.disabled ? 'true' : nothing}
      @pointerenter=${on.preload} @focusin=${on.preload}
      @dragenter=${on.drag.dragenter} @dragover=${on.drag.dragover} @dragleave=${on.drag.dragleave} @drop=${on.drag.drop} @paste=${on.paste}>
      ${renderOfflineBanner(view)}
      ${renderBusy(view)}
      <div class="stage">
        <div class="main" ?inert=${covered}>
          ${renderRestoredUploads(view)}
          ${view.files.length === 0 || !fileViews ? renderDropZone(view) : fileViews.renderFileList(view)}
          ${rejections}
          ${fileViews?.renderActions(view)}
        </div>
        ${renderSourceView(view)}
        ${fileViews?.renderInlineEditor(view)}
      </div>
      ${view.files.length > 0 && !covered ? renderDropOverlay(view) : nothing}
      ${renderBranding(view)}
      ${fileViews?.renderPreview(view)}
      ${fileViews?.renderModalEditor(view)}
      <div part="announcer" class="visually-hidden" role="status" aria-live="polite">${announcement}</div>
      <input part="file-input" type="file" hidden tabindex="-1" ?multiple=${view.maxFiles > 1} accept=${view.accept}
        @change=${(event: Event) => on.picked(event, 'local')} />
      <input part="folder-input" type="file" hidden tabindex="-1" webkitdirectory
        @change=${(event: Event) => on.picked(event, 'folder')} />
    </div>
  `;
}
