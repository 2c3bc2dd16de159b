/** The drop zone: what to do, the local pickers, the other sources and the limits in force. */
import { html, nothing } from 'lit';
import { renderIcon } from './icons.js';
import { renderSourceChips } from './source-chips.js';
import type { UploaderView } from './view-model.js';

function renderLimits(view: UploaderView) {
  const { t } = view;
  const limits: string[] = [];
  if (view.maxFiles > 1) limits.push(t('dropZone.limitFiles', { maxFiles: view.maxFiles }));
  if (view.maxFileSizeText && view.minFileSizeText) limits.push(t('dropZone.limitSizeRange', { minSize: view.minFileSizeText, maxSize: view.maxFileSizeText }));
  else if (view.maxFileSizeText) limits.push(t('dropZone.limitSize', { maxSize: view.maxFileSizeText }));
  if (view.allowedTypesText) limits.push(t('dropZone.limitTypes', { types: view.allowedTypesText }));
  if (limits.length === 0) return nothing;
  return html`<ul part="limits" class="limits">${limits.map((limit) => html`<li part="limit">${limit}</li>`)}</ul>`;
}

function titleFor(view: UploaderView): string {
  const { t } = view;
  if (view.dragState === 'over') return t('dropZone.dragActive');
  if (view.dragState === 'rejected') return t('dropZone.dragRejected');
  return t(view.maxFiles === 1 ? 'dropZone.titleSingle' : 'dropZone.title');
}

export function renderDropZone(view: UploaderView) {
  const { t, intents } = view;
  const single = view.maxFiles === 1;
  const showLocal = view.sources.includes('local');
  return html`
    <section part="drop-zone" class="drop-zone" data-drag=${view.dragState} aria-label=${t('aria.dropZone')}>
      ${renderIcon('UploadIcon', view.icons, 'icon drop-zone-icon')}
      ${view.dragDropEnabled ? html`<p part="drop-zone-title" class="drop-zone-title">${titleFor(view)}</p>` : nothing}
      ${showLocal
        ? html`
            <div part="local-actions" class="local-actions">
              ${view.dragDropEnabled ? html`<span part="drop-zone-or">${t('dropZone.or')}</span>` : nothing}
              <button part="browse-button button button-primary" type="button" ?disabled=${view.isProcessing} @click=${intents.openFilePicker}>
                ${t(single ? 'dropZone.browseSingle' : 'dropZone.browse')}
              </button>
              ${view.showSelectFolderButton
                ? html`<button part="folder-button button" type="button" ?disabled=${view.isProcessing} @click=${intents.openFolderPicker}>${t('dropZone.browseFolder')}</button>`
                : nothing}
            </div>`
        : nothing}
      ${renderSourceChips(view)}
      ${view.enablePaste ? html`<p part="paste-hint" class="hint">${t('dropZone.pasteHint')}</p>` : nothing}
      ${renderLimits(view)}
    </section>
  `;
}
