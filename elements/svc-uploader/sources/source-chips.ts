/**
 * Chips for the sources other than the local picker, in the order of the `sources` prop: labelled
 * pills in the drop zone, round icon buttons (named by `aria-label`) in the list's toolbar.
 */
import { html, nothing } from 'lit';
import type { UploadSource } from '../types.js';
import { renderIcon, type GlyphName } from '../shell/icons.js';
import type { UploaderView } from '../view-model.js';

const SOURCE_GLYPHS: Record<UploadSource, GlyphName> = {
  local: 'FolderIcon',
  url: 'LinkIcon',
  camera: 'CameraIcon',
  microphone: 'MicrophoneIcon',
  screen: 'ScreenIcon',
  googleDrive: 'CloudIcon',
  oneDrive: 'CloudIcon',
  dropbox: 'CloudIcon',
  box: 'CloudIcon',
};

export function renderSourceChips(view: UploaderView, compact = false) {
  const { t, intents } = view;
  if (view.chipSources.length === 0) return nothing;
  return html`
    <ul part="sources" class="sources ${compact ? 'sources-compact' : ''} ${view.slot('sources', 'root')}" aria-label=${t('source.listLabel')}>
      ${view.chipSources.map(
        (source) => html`
        <li part="source-item">
          <button part="source-chip source-chip-${source}" class="source-chip ${view.slot('sources', 'chip')}" type="button" data-source=${source}
            ?disabled=${view.isProcessing} aria-label=${t('source.open', { source: t(`source.${source}`) })}
            title=${compact ? t(`source.${source}`) : nothing} @click=${() => intents.openSource(source)}>
            ${renderIcon(SOURCE_GLYPHS[source], view.icons, 'icon source-icon')}${compact ? nothing : html`<span>${t(`source.${source}`)}</span>`}
          </button>
        </li>`,
      )}
    </ul>
  `;
}
