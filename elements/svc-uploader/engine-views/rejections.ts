/**
 * The notice of refused files, over the drop zone or the list. Only the engine refuses files, so
 * this arrives with it (engine-chunk.ts) rather than with the element's first load.
 */
import { html, nothing } from 'lit';
import type { FileRejection } from '../../../engine/core/file-record.js';
import { shortName } from './display-name.js';
import { renderIcon } from '../shell/icons.js';
import { summarizeRefusals, type RefusalRow } from './refusal-summary.js';
import type { UploaderView } from '../view-model.js';

/** A refusal in words, with its limit formatted for the locale. */
export function rejectionText(view: UploaderView, rejection: FileRejection): string {
  const { t, translator } = view;
  const limit = rejection.limit;
  // A file limit reads as the host wrote it, as the drop zone's hint does (`5 MB`).
  const written = rejection.reason === 'FILE_TOO_LARGE' ? view.maxFileSizeText : rejection.reason === 'FILE_TOO_SMALL' ? view.minFileSizeText : undefined;
  const size = written ?? (typeof limit === 'number' ? translator.formatBytes(limit) : '');
  return t(`rejection.${rejection.reason}`, {
    name: shortName(rejection.file.name),
    maxSize: size,
    minSize: size,
    maxFiles: typeof limit === 'number' ? limit : view.maxFiles,
    // The list as the host wrote it (`images or .pdf`), not the expanded preset tokens.
    types: view.allowedTypesText || (typeof limit === 'string' ? limit : ''),
  });
}

function refusalRowText(view: UploaderView, row: RefusalRow): string {
  if (row.kind === 'file') return rejectionText(view, row.rejection);
  return view.t('rejection.overLimit', { count: row.count, maxFiles: row.maxFiles ?? view.maxFiles });
}

/** Files refused since the notice was last dismissed, summarized (see refusal-summary.ts). */
export function renderRejections(view: UploaderView) {
  const { folderLimit } = view;
  if (view.rejections.length === 0 && folderLimit === undefined) return nothing;
  const { rows, hiddenFiles } = summarizeRefusals(view.rejections);
  return html`
    <div part="rejections" class="rejections ${view.slot('notices', 'rejections')}" role="alert">
      ${renderIcon('AlertIcon', view.icons, 'icon banner-icon')}
      <ul part="rejection-list" class="rejection-list">
        ${folderLimit === undefined ? nothing : html`<li part="rejection" data-reason="FOLDER_LIMIT_REACHED">${view.t('rejection.folderLimit', { limit: folderLimit })}</li>`}
        ${rows.map((row) => html`<li part="rejection" data-reason=${row.kind === 'file' ? row.rejection.reason : 'LIMIT_EXCEEDED'}>${refusalRowText(view, row)}</li>`)}
        ${hiddenFiles > 0 ? html`<li part="rejection-more" class="rejection-more">${view.t('rejection.more', { count: hiddenFiles })}</li>` : nothing}
      </ul>
      <button part="rejections-dismiss button" class="rejections-dismiss" type="button" @click=${view.intents.dismissRejections}>${view.t('rejection.dismiss')}</button>
    </div>
  `;
}
