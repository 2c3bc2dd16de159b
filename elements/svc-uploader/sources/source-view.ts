/**
 * A source panel in its frame, sliding over the list: Back, the title, and the panel's own view
 * (or a loading line while its module arrives). Escape leaves it like Back does.
 */
import { html, nothing } from 'lit';
import { renderIcon } from '../shell/icons.js';
import type { UploaderView } from '../view-model.js';

const TITLES = {
  local: 'source.local',
  url: 'url.title',
  camera: 'camera.title',
  microphone: 'microphone.title',
  screen: 'screen.title',
  googleDrive: 'source.googleDrive',
  oneDrive: 'source.oneDrive',
  dropbox: 'source.dropbox',
  box: 'source.box',
} as const;

export function renderSourceView(view: UploaderView) {
  const panel = view.panel;
  if (!panel) return nothing;
  const { t, intents } = view;
  const onKeydown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.stopPropagation();
    intents.closeSource();
  };
  return html`
    <section part="source-view source-view-${panel.source}" class="source-view ${view.slot('sourceView', 'root')}" data-source=${panel.source}
      aria-labelledby="source-view-title" @keydown=${onKeydown}>
      <header part="source-view-header" class="source-view-header ${view.slot('sourceView', 'header')}">
        <button part="back-button button" class="back-button ${view.slot('sourceView', 'backButton')}" type="button" @click=${intents.closeSource}>
          ${renderIcon('BackIcon', view.icons, 'icon mirror-rtl')}<span>${t('view.back')}</span></button>
        <h2 part="source-view-title" id="source-view-title" class="source-view-title ${view.slot('sourceView', 'title')}" tabindex="-1">${t(TITLES[panel.source])}</h2>
      </header>
      <div part="source-view-body" class="source-view-body ${view.slot('sourceView', 'body')}">
        ${
          panel.view
            ? panel.view.render()
            : html`<p part="source-view-loading" class="source-view-loading" role="status">${renderIcon('LoaderIcon', view.icons, 'icon spinner')}<span>${t('view.loading')}</span></p>`
        }
      </div>
    </section>
  `;
}
