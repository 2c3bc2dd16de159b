/**
 * The drive panel's markup: sign-in, the wait for the popup, and the browser (search, breadcrumbs,
 * folders and files with checkboxes, load more, the selection and the Add button). It reads the
 * state and calls the actions; it decides nothing itself.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Translate } from '../sources/source-panel.js';
import { displayName, shortName } from '../engine-views/display-name.js';
import type { DriveBrowserState, DriveScreen } from './drive-browser-state.js';
import { driveStyles } from './drive-styles.js';
import type { DriveFileEntry } from './drive-types.js';

export interface DriveActions {
  signIn(): void;
  cancelSignIn(): void;
  signOut(): void;
  openFolder(entry: DriveFileEntry): void;
  /** Go to the folder at this index of the breadcrumbs. */
  goTo(index: number): void;
  setSearchText(text: string): void;
  search(): void;
  clearSearch(): void;
  loadMore(): void;
  retry(): void;
  toggle(entry: DriveFileEntry): void;
  toggleAll(): void;
  add(): void;
}

export interface DriveViewContext {
  t: Translate;
  /** The provider's display name, translated (`source.<id>`). */
  provider: string;
  formatBytes(bytes: number): string;
  state: DriveBrowserState;
  actions: DriveActions;
  /** The handler's origin: thumbnails it serves are loaded with credentials (CORS); see renderThumbnail. */
  handlerOrigin: string;
}

function renderSignIn(view: DriveViewContext, screen: Extract<DriveScreen, { kind: 'sign-in' }>): TemplateResult {
  const { t, provider, actions } = view;
  const reauth = screen.reason === 'reauth';
  return html`
    <div part="drive-sign-in" class="drive-sign-in">
      <p part="drive-sign-in-hint" role=${reauth ? 'alert' : nothing}>${reauth ? t('drive.reauth', { provider }) : t('drive.signInHint', { provider })}</p>
      ${screen.popupBlocked ? html`<p part="drive-error" class="error" role="alert">${t('drive.popupBlocked')}</p>` : nothing}
      <button part="drive-sign-in-button button button-primary" type="button" @click=${actions.signIn}>
        ${reauth ? t('drive.reauthAction') : t('drive.signIn', { provider })}</button>
    </div>
  `;
}

function renderWaiting({ t, provider, actions }: DriveViewContext): TemplateResult {
  return html`
    <div part="drive-sign-in" class="drive-sign-in">
      <p part="drive-status" role="status">${t('drive.waiting', { provider })}</p>
      <button part="drive-cancel-sign-in button" type="button" @click=${actions.cancelSignIn}>${t('view.cancel')}</button>
    </div>
  `;
}

function renderToolbar({ t, provider, state, actions }: DriveViewContext): TemplateResult {
  const searching = state.location.kind === 'search';
  return html`
    <div part="drive-toolbar" class="drive-toolbar">
      <form part="drive-search" class="drive-search" role="search" @submit=${(event: Event) => {
        event.preventDefault();
        actions.search();
      }}>
        <input part="drive-search-input" type="search" .value=${state.searchText} aria-label=${t('drive.search')}
          placeholder=${t('drive.searchPlaceholder', { provider })} @input=${(event: InputEvent) => actions.setSearchText((event.target as HTMLInputElement).value)} />
        <button part="drive-search-button button" type="submit">${t('drive.search')}</button>
        ${searching ? html`<button part="drive-clear-search button" type="button" @click=${actions.clearSearch}>${t('drive.clearSearch')}</button>` : nothing}
      </form>
      <button part="drive-sign-out button" type="button" ?disabled=${state.signOut === 'pending'} aria-busy=${String(state.signOut === 'pending')}
        @click=${actions.signOut}>${t('drive.signOut')}</button>
    </div>
    ${state.signOut === 'failed' ? html`<p part="drive-error drive-sign-out-error" class="error" role="alert">${t('drive.signOutFailed', { provider })}</p>` : nothing}
  `;
}

function renderBreadcrumbs({ t, state, actions }: DriveViewContext): TemplateResult {
  const location = state.location;
  const names = location.path.map((crumb) => crumb.name ?? t('drive.root'));
  const current = location.kind === 'search' ? t('drive.searchResults', { query: location.query }) : names.pop()!;
  return html`
    <nav part="drive-breadcrumbs" class="drive-breadcrumbs" aria-label=${t('drive.breadcrumbs')}>
      <ol>
        ${names.map((name, index) => html`<li><button part="drive-crumb" type="button" @click=${() => actions.goTo(index)}><bdi dir="auto">${shortName(name)}</bdi></button></li>`)}
        <li><span part="drive-crumb drive-crumb-current" aria-current="page"><bdi dir="auto">${shortName(current)}</bdi></span></li>
      </ol>
    </nav>
  `;
}

/** A drive's names come from whoever shared the file: shown safely, as in the file list. */
function renderEntryName(name: string): TemplateResult {
  return html`<bdi part="drive-item-name" class="drive-item-name" dir="auto" title=${displayName(name)}>${shortName(name)}</bdi>`;
}

/**
 * A picture next to the name: the handler's proxy (Dropbox, Box), which reads the user's session
 * and so loads with credentials, or the provider's own link (Google Drive, OneDrive), which the
 * handler passes on only when it is https on that provider's thumbnail hosts
 * (server/drives/providers/thumbnail-links.ts). Such a link loads as on the provider's own pages,
 * with that host's cookies (its hosts send no CORS headers, so it cannot be asked for without).
 * A plain-http link from anywhere but the handler is never loaded. Decorative (the name says what
 * the file is); hidden when it fails to load.
 */
function renderThumbnail(view: DriveViewContext, entry: DriveFileEntry): TemplateResult | typeof nothing {
  const url = entry.thumbnailUrl && URL.canParse(entry.thumbnailUrl) ? new URL(entry.thumbnailUrl) : undefined;
  if (!url) return nothing;
  const fromHandler = url.origin === view.handlerOrigin;
  if (!fromHandler && url.protocol !== 'https:') return nothing;
  return html`<img part="drive-item-thumbnail" class="drive-item-thumbnail" src=${url.href} alt="" width="32" height="32" loading="lazy" decoding="async"
    referrerpolicy="no-referrer" crossorigin=${fromHandler ? 'use-credentials' : nothing}
    @error=${(event: Event) => {
      (event.target as HTMLImageElement).hidden = true;
    }} />`;
}

function renderEntry(view: DriveViewContext, entry: DriveFileEntry): TemplateResult {
  const { t, state, actions } = view;
  if (entry.isFolder) {
    return html`
      <li part="drive-item drive-item-folder" class="drive-item drive-item-folder" data-id=${entry.id}>
        <button part="drive-folder" class="drive-row" type="button" aria-label=${t('drive.openFolder', { name: displayName(entry.name) })}
          @click=${() => actions.openFolder(entry)}>${renderEntryName(entry.name)}</button>
      </li>`;
  }
  return html`
    <li part="drive-item drive-item-file" class="drive-item" data-id=${entry.id}>
      <label part="drive-file" class="drive-row">
        <input part="drive-checkbox" type="checkbox" .checked=${state.selection.has(entry.id)} @change=${() => actions.toggle(entry)} />
        ${renderThumbnail(view, entry)}
        ${renderEntryName(entry.name)}
        ${entry.size !== undefined ? html`<span part="drive-item-size" class="drive-item-size">${view.formatBytes(entry.size)}</span>` : nothing}
      </label>
    </li>`;
}

function renderListing(view: DriveViewContext): TemplateResult {
  const { t, provider, state, actions } = view;
  if (state.status === 'loading') return html`<p part="drive-status" role="status">${t('drive.loading')}</p>`;
  if (state.status === 'error' && state.entries.length === 0) {
    return html`
      <div part="drive-failure" class="drive-failure">
        <p part="drive-error" class="error" role="alert">${t('drive.error', { provider })}</p>
        <button part="drive-retry button" type="button" @click=${actions.retry}>${t('action.retry')}</button>
      </div>`;
  }
  if (state.entries.length === 0) {
    const location = state.location;
    return html`<p part="drive-empty" role="status">${location.kind === 'search' ? t('drive.noResults', { query: location.query }) : t('drive.empty')}</p>`;
  }
  const loadingMore = state.status === 'loading-more';
  return html`
    <ul part="drive-list" class="drive-list" aria-label=${t('drive.listLabel', { provider })} aria-busy=${String(loadingMore)}>
      ${state.entries.map((entry) => renderEntry(view, entry))}
    </ul>
    ${state.status === 'error' ? html`<p part="drive-error" class="error" role="alert">${t('drive.error', { provider })}</p>` : nothing}
    ${
      state.nextCursor
        ? html`<button part="drive-load-more button" type="button" ?disabled=${loadingMore} @click=${actions.loadMore}>
          ${loadingMore ? t('drive.loading') : t('drive.loadMore')}</button>`
        : nothing
    }
  `;
}

function renderFooter({ t, state, actions }: DriveViewContext): TemplateResult {
  const count = state.selection.size;
  return html`
    <div part="drive-footer" class="drive-footer">
      <button part="drive-select-all button" type="button" ?disabled=${state.files.length === 0} @click=${actions.toggleAll}>
        ${state.allFilesSelected ? t('drive.deselectAll') : t('drive.selectAll')}</button>
      <span part="drive-selection-count" class="drive-selection-count" role="status">${t('drive.selected', { count })}</span>
      <button part="drive-add button button-primary" type="button" ?disabled=${count === 0} @click=${actions.add}>${t('drive.addSelected', { count })}</button>
    </div>
  `;
}

export function renderDrivePanel(view: DriveViewContext): TemplateResult {
  const { t, provider, state } = view;
  const screen = state.screen;
  let body: TemplateResult;
  switch (screen.kind) {
    case 'unavailable':
      body = html`<p part="drive-error" class="error" role="alert">${t('drive.unavailable', { provider })}</p>`;
      break;
    case 'checking':
      body = html`<p part="drive-status" role="status">${t('drive.loading')}</p>`;
      break;
    case 'sign-in':
      body = renderSignIn(view, screen);
      break;
    case 'waiting':
      body = renderWaiting(view);
      break;
    case 'browse':
      body = html`<div part="drive-browser" class="drive-browser">
        ${renderToolbar(view)}${renderBreadcrumbs(view)}${renderListing(view)}${renderFooter(view)}</div>`;
  }
  return html`${driveStyles}<div part="drive-panel" class="drive-panel">${body}</div>`;
}
