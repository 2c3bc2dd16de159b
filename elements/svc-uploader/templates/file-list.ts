/**
 * The file list: a header (count, total size, Add more and the other sources), then one hero card
 * for a single file, or rows for several; past a hundred files only the rows on screen are drawn.
 */
import { html, nothing } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import { styleMap } from 'lit/directives/style-map.js';
import type { UploadFileRecord } from '../../../engine/core/types.js';
import { renderFileItem, type ItemLayout, type RowPlacement } from './file-item.js';
import { renderIcon } from './icons.js';
import { renderSourceChips } from './source-chips.js';
import type { UploaderView } from './view-model.js';

function renderHeader(view: UploaderView) {
  const { t, intents, translator } = view;
  const canAddMore = view.files.length < view.maxFiles && !view.isProcessing;
  return html`
    <header part="file-list-header" class="file-list-header ${view.slot('fileList', 'header')}">
      <div class="file-list-heading">
        <h2 part="file-count" class="file-count ${view.slot('fileList', 'count')}">${t('fileList.count', { count: view.files.length })}</h2>
        ${view.mini ? nothing : html`<span part="file-total" class="file-total">${t('fileList.totalSize', { totalSize: translator.formatBytes(view.counts.totalSize) })}</span>`}
      </div>
      ${
        canAddMore
          ? html`<div part="file-list-toolbar" class="file-list-toolbar">
            ${
              view.sources.includes('local')
                ? html`<button part="add-more-button button" class=${view.slot('fileList', 'addMore')} type="button" @click=${intents.openFilePicker}>
                  ${renderIcon('ContainerAddMoreIcon', view.icons)}<span>${t('fileList.addMore')}</span></button>`
                : nothing
            }
            ${renderSourceChips(view, true)}
          </div>`
          : nothing
      }
    </header>
  `;
}

/**
 * A file is drawn again only when something it shows changed: its record (the engine hands out a
 * new record object for a file only when that file changed), its place in the list, or a view
 * input it reads. A render for progress then redraws the uploading files, not every file listed.
 * Every view field `renderFileItem` reads must be among these inputs, or the file shows it stale.
 */
function renderFile(view: UploaderView, file: UploadFileRecord, layout: ItemLayout, placement?: RowPlacement) {
  const { translator } = view;
  const inputs = [
    file,
    layout,
    placement?.index,
    placement?.count,
    placement?.offset,
    // The translator fills in messages that arrive after it was made: `pending` turns false then.
    translator,
    translator.pending,
    view.intents,
    view.icons,
    view.slot,
    view.allowPreview,
    view.maxRetries,
    view.mini,
    view.canEdit(file),
    view.thumbnailUrl(file),
  ];
  return guard(inputs, () => renderFileItem(view, file, layout, placement));
}

function renderRows(view: UploaderView) {
  const { listWindow: window, files } = view;
  const listClass = `file-list ${view.slot('fileList', 'list')}`;
  const label = view.t('fileList.label');
  if (!window.virtual) {
    return html`<ul part="file-list" class=${listClass} aria-label=${label}>
      ${repeat(
        files,
        (file) => file.id,
        (file) => renderFile(view, file, 'row'),
      )}</ul>`;
  }
  const indexes: number[] = [];
  if (window.focused !== undefined && window.focused < window.start) indexes.push(window.focused);
  for (let index = window.start; index < window.end; index += 1) indexes.push(index);
  if (window.focused !== undefined && window.focused >= window.end) indexes.push(window.focused);
  const rows = indexes.map((index) => ({ index, file: files[index]! }));
  return html`
    <ul part="file-list" class=${listClass} data-virtual aria-label=${label} style=${styleMap({ blockSize: `${files.length * window.rowSize}px` })}>
      ${repeat(
        rows,
        ({ file }) => file.id,
        ({ file, index }) => renderFile(view, file, 'row', { index, count: files.length, offset: index * window.rowSize }),
      )}
    </ul>
  `;
}

export function renderFileList(view: UploaderView) {
  if (view.files.length === 0) return nothing;
  const { intents } = view;
  const single = view.files.length === 1;
  const only: UploadFileRecord | undefined = single ? view.files[0] : undefined;
  return html`
    <section part="file-list-section" class="file-list-section ${single ? 'is-single' : ''} ${view.slot('fileList', 'root')}">
      ${view.mini ? nothing : renderHeader(view)}
      <div part="file-list-viewport" class="file-list-viewport ${view.listWindow.virtual ? 'is-virtual' : ''}"
        @scroll=${intents.listScrolled} @focusin=${intents.listFocusIn} @focusout=${intents.listFocusOut}>
        ${
          only
            ? html`<ul part="file-list" class="file-list ${view.slot('fileList', 'list')}" aria-label=${view.t('fileList.label')}>${renderFile(view, only, 'hero')}</ul>`
            : renderRows(view)
        }
      </div>
    </section>
  `;
}
