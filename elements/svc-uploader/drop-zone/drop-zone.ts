/**
 * The idle drop zone (what to do, the local pickers, the other sources, the limits in force) and
 * the overlay that covers a list while files are dragged over it.
 */
import { html, nothing } from 'lit';
import { renderIcon } from '../shell/icons.js';
import { renderSourceChips } from '../sources/source-chips.js';
import type { DragState, UploaderView } from '../view-model.js';

function renderLimits(view: UploaderView) {
  const { t } = view;
  const limits: string[] = [];
  if (view.maxFiles > 1) limits.push(t('dropZone.limitFiles', { maxFiles: view.maxFiles }));
  if (view.maxFileSizeText && view.minFileSizeText) limits.push(t('dropZone.limitSizeRange', { minSize: view.minFileSizeText, maxSize: view.maxFileSizeText }));
  else if (view.maxFileSizeText) limits.push(t('dropZone.limitSize', { maxSize: view.maxFileSizeText }));
  if (view.allowedTypesText) limits.push(t('dropZone.limitTypes', { types: view.allowedTypesText }));
  if (limits.length === 0) return nothing;
  return html`<ul part="limits" class="limits ${view.slot('dropZone', 'limits')}">${limits.map((limit) => html`<li part="limit">${limit}</li>`)}</ul>`;
}

function titleFor(view: UploaderView, state: DragState = view.dragState): string {
  const { t } = view;
  if (state === 'over') return t('dropZone.dragActive');
  if (state === 'rejected') return t('dropZone.dragRejected');
  return t(view.maxFiles === 1 ? 'dropZone.titleSingle' : 'dropZone.title');
}

function dropGlyph(view: UploaderView) {
  return renderIcon(view.dragState === 'rejected' ? 'AlertIcon' : 'UploadIcon', view.icons, 'icon drop-zone-glyph');
}

/** A click on the zone's background opens the picker too; its controls keep their own action. */
function openFromBackground(view: UploaderView) {
  return (event: MouseEvent) => {
    if (view.isProcessing || !view.sources.includes('local')) return;
    if ((event.target as Element).closest('button, a, input')) return;
    view.intents.openFilePicker();
  };
}

export function renderDropZone(view: UploaderView) {
  const { t, intents } = view;
  const single = view.maxFiles === 1;
  const showLocal = view.sources.includes('local');
  const dragging = view.dragState !== 'idle';
  return html`
    <section part="drop-zone" class="drop-zone ${view.slot('dropZone', 'root')}" data-drag=${view.dragState}
      aria-label=${t('aria.dropZone')} @click=${openFromBackground(view)}>
      <span part="drop-zone-icon" class="drop-zone-icon ${view.slot('dropZone', 'icon')}">${dropGlyph(view)}</span>
      ${view.dragDropEnabled ? html`<p part=${dragging ? nothing : 'drop-zone-title'} class="drop-zone-title ${view.slot('dropZone', 'title')}">${titleFor(view, 'idle')}</p>` : nothing}
      ${
        showLocal
          ? html`
            <div part="local-actions" class="local-actions">
              ${view.dragDropEnabled ? html`<span part="drop-zone-or" class="drop-zone-or">${t('dropZone.or')}</span>` : nothing}
              <button part="browse-button button button-primary" class="button-primary ${view.slot('dropZone', 'browseButton')}" type="button"
                ?disabled=${view.isProcessing} @click=${intents.openFilePicker}>${t(single ? 'dropZone.browseSingle' : 'dropZone.browse')}</button>
              ${
                view.showSelectFolderButton
                  ? html`<button part="folder-button button" type="button" ?disabled=${view.isProcessing} @click=${intents.openFolderPicker}>
                    ${renderIcon('FolderIcon', view.icons)}<span>${t('dropZone.browseFolder')}</span></button>`
                  : nothing
              }
            </div>`
          : nothing
      }
      ${renderSourceChips(view, view.mini)}
      ${view.enablePaste && !view.mini ? html`<p part="paste-hint" class="hint">${t('dropZone.pasteHint')}</p>` : nothing}
      ${view.mini ? nothing : renderLimits(view)}
      ${
        dragging
          ? html`<div class="drop-zone-feedback">
            <span class="drop-zone-icon">${dropGlyph(view)}</span>
            <p part="drop-zone-title" class="drop-zone-title ${view.slot('dropZone', 'title')}">${titleFor(view, view.dragState)}</p>
          </div>`
          : nothing
      }
    </section>
  `;
}

/** Over a list, the whole uploader is the drop target; this says so while files hover. */
export function renderDropOverlay(view: UploaderView) {
  if (view.dragState === 'idle') return nothing;
  return html`
    <div part="drop-overlay" class="drop-overlay" data-drag=${view.dragState} aria-hidden="true">
      ${dropGlyph(view)}<p class="drop-overlay-title">${titleFor(view)}</p>
    </div>
  `;
}
