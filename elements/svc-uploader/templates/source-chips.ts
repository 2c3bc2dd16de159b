/** Chips for the sources other than the local picker, in the order of the `sources` prop. */
import { html, nothing } from 'lit';
import { isPanelAvailable } from '../sources/panel-loaders.js';
import type { UploaderView } from './view-model.js';

export function renderSourceChips(view: UploaderView) {
  const { t, intents } = view;
  const chips = view.sources.filter((source) => source !== 'local' && isPanelAvailable(source));
  if (chips.length === 0) return nothing;
  return html`
    <ul part="sources" class="sources" aria-label=${t('source.listLabel')}>
      ${chips.map((source) => html`
        <li part="source-item">
          <button part="source-chip source-chip-${source}" class="source-chip" type="button" data-source=${source}
            ?disabled=${view.isProcessing} aria-label=${t('source.open', { source: t(`source.${source}`) })}
            @click=${() => intents.openSource(source)}>${t(`source.${source}`)}</button>
        </li>`)}
    </ul>
  `;
}
