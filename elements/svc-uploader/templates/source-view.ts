/** A source panel in its frame: title, Back, and the panel's own view (or a loading line). */
import { html } from 'lit';
import type { UploaderView } from './view-model.js';

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
  if (!panel) return html``;
  const { t, intents } = view;
  return html`
    <section part="source-view source-view-${panel.source}" class="source-view" data-source=${panel.source}
      aria-labelledby="source-view-title" @keydown=${(event: KeyboardEvent) => { if (event.key === 'Escape') intents.closeSource(); }}>
      <header part="source-view-header" class="source-view-header">
        <button part="back-button button" type="button" @click=${intents.closeSource}>${t('view.back')}</button>
        <h2 part="source-view-title" id="source-view-title" class="source-view-title" tabindex="-1">${t(TITLES[panel.source])}</h2>
      </header>
      <div part="source-view-body" class="source-view-body">
        ${panel.view ? panel.view.render() : html`<p part="source-view-loading" role="status">${t('view.loading')}</p>`}
      </div>
    </section>
  `;
}
