/**
 * A cloud-drive source in server mode (a lazy chunk): sign in through the handler's OAuth popup,
 * browse and search the drive, choose files, and add them to the list as remote files that the
 * handler copies into the bucket. Listings and transfers go to `<serverUrl>/files/:provider`.
 */
import type { EngineOptions } from '../../../engine/index.js';
import type { SourcePanel, SourcePanelContext, SourcePanelFactory } from '../sources/source-panel.js';
import { DriveApi, isDriveRequestError, type DriveListRequest, type DriveListing } from './drive-api.js';
import { DriveBrowserState, ROOT_PATH, type DriveCrumb } from './drive-browser-state.js';
import { renderDrivePanel, type DriveActions } from './drive-browser-view.js';
import { toRemoteFile } from './drive-import.js';
import { readSessionNote, writeSessionNote } from './drive-session.js';
import { openSignInPopup, waitForSignIn, type SignInOutcome } from './drive-sign-in.js';
import { DRIVE_SLUGS, type DriveFileEntry, type DriveProviderSlug, type DriveSource } from './drive-types.js';

/** The handler, when the uploader runs in server mode (the only mode drives work in). */
function serverUrlOf(options: Readonly<EngineOptions>): string | undefined {
  const mode = options.mode ?? (options.serverUrl && !options.uploadEndpoint ? 'server' : 'client');
  return mode === 'server' ? options.serverUrl : undefined;
}

async function requestHeadersOf(options: Readonly<EngineOptions>): Promise<Record<string, string>> {
  const headers = options.requestHeaders;
  return typeof headers === 'function' ? await headers() : (headers ?? {});
}

class DrivePanel implements SourcePanel {
  readonly #state = new DriveBrowserState();
  readonly #provider: DriveProviderSlug;
  #api: DriveApi | undefined;
  /** Aborts the listing in flight when another one starts, or the panel closes. */
  #listing: AbortController | undefined;
  #signingIn: AbortController | undefined;
  #signingOut: AbortController | undefined;
  #popup: Window | undefined;
  /** A popup closed without its message: the drive may be connected all the same (see afterPopup). */
  #popupUnconfirmed = false;

  readonly #context: SourcePanelContext;

  constructor(
    readonly source: DriveSource,
    context: SourcePanelContext,
  ) {
    this.#context = context;
    this.#provider = DRIVE_SLUGS[source];
  }

  async open(): Promise<void> {
    const engine = this.#context.engine();
    const serverUrl = serverUrlOf(engine.options);
    if (!serverUrl) {
      this.#show({ kind: 'unavailable' });
      this.#reportError(
        'DRIVE_NEEDS_SERVER',
        'Cloud drives run through the upload handler: set server-url (server mode) and configure the provider on the handler.',
      );
      return;
    }
    this.#api = new DriveApi(
      serverUrl,
      this.#provider,
      () => requestHeadersOf(engine.options),
      (dropped) =>
        this.#context.notify('svc-warn', {
          code: 'DRIVE_ENTRIES_DROPPED',
          message: `${dropped} malformed ${dropped === 1 ? 'entry' : 'entries'} of the ${this.#provider} listing left out`,
        }),
      engine.options.requestTimeoutMs,
    );
    window.addEventListener('focus', this.#onWindowFocus);
    const note = readSessionNote(this.#api);
    if (note === 'reauth') return this.#show({ kind: 'sign-in', reason: 'reauth', popupBlocked: false });
    await this.#checkConnection();
  }

  dispose(): void {
    window.removeEventListener('focus', this.#onWindowFocus);
    this.#listing?.abort();
    this.#signingIn?.abort();
    this.#signingOut?.abort();
  }

  render() {
    return renderDrivePanel({
      t: this.#context.t,
      provider: this.#context.t(`source.${this.source}`),
      formatBytes: (bytes) => this.#context.formatBytes(bytes),
      state: this.#state,
      actions: this.#actions,
      handlerOrigin: this.#api?.serverOrigin ?? '',
    });
  }

  #show(screen: DriveBrowserState['screen']): void {
    this.#state.screen = screen;
    this.#context.requestUpdate();
  }

  #reportError(code: string, message: string, status?: number): void {
    this.#context.notify('svc-error', { scope: 'drive', code, message, source: this.source, ...(status ? { status } : {}) });
  }

  /** Lists the root: connected users see their files, others the sign-in step. */
  async #checkConnection(): Promise<void> {
    this.#show({ kind: 'checking' });
    const listing = await this.#fetchListing({}, { onReauth: () => this.#show({ kind: 'sign-in', reason: 'connect', popupBlocked: false }) });
    if (listing) this.#showListing(listing, [...ROOT_PATH]);
  }

  /**
   * One listing request, the only one in flight. Resolves undefined when it was superseded, needs a
   * sign-in (`onReauth` decides what the user sees) or failed (the browser shows the error).
   */
  async #fetchListing(request: DriveListRequest, { onReauth }: { onReauth(): void }): Promise<DriveListing | undefined> {
    this.#listing?.abort();
    const controller = new AbortController();
    this.#listing = controller;
    try {
      return await this.#api!.list(request, controller.signal);
    } catch (error) {
      if (controller.signal.aborted) return undefined;
      if (isDriveRequestError(error) && error.reauth) {
        onReauth();
        return undefined;
      }
      const status = isDriveRequestError(error) ? error.status : undefined;
      this.#reportError('DRIVE_LIST_FAILED', error instanceof Error ? error.message : String(error), status);
      if (this.#state.screen.kind !== 'browse') this.#state.entries = [];
      this.#state.status = 'error';
      this.#show({ kind: 'browse' });
      return undefined;
    } finally {
      if (this.#listing === controller) this.#listing = undefined;
    }
  }

  #showListing(listing: DriveListing, path: DriveCrumb[]): void {
    this.#state.location = { kind: 'folder', path };
    this.#state.entries = listing.files;
    this.#state.nextCursor = listing.nextCursor;
    this.#state.status = 'ready';
    this.#show({ kind: 'browse' });
  }

  /** Lists the current location from its start (after navigating, searching or a retry). */
  async #reload(): Promise<void> {
    const state = this.#state;
    state.entries = [];
    state.nextCursor = undefined;
    state.status = 'loading';
    this.#context.requestUpdate();
    const listing = await this.#fetchListing(state.currentRequest(), { onReauth: () => this.#needReauth() });
    if (!listing) return;
    state.entries = listing.files;
    state.nextCursor = listing.nextCursor;
    state.status = 'ready';
    this.#context.requestUpdate();
  }

  /** The server dropped this user's tokens (expired beyond refresh or revoked). */
  #needReauth(): void {
    this.#state.clear();
    this.#show({ kind: 'sign-in', reason: 'reauth', popupBlocked: false });
    this.#reportError('DRIVE_REAUTH_REQUIRED', `${this.#provider} asks for a new sign-in`, 401);
  }

  #signedIn(listing?: DriveListing): void {
    this.#popupUnconfirmed = false;
    writeSessionNote(this.#api!, undefined);
    this.#state.clear();
    this.#context.notify('svc-drive-auth', { source: this.source, provider: this.#provider });
    if (listing) this.#showListing(listing, [...ROOT_PATH]);
    else void this.#checkConnection();
  }

  async #afterPopup(outcome: SignInOutcome, reason: 'connect' | 'reauth'): Promise<void> {
    if (outcome === 'aborted') return;
    if (outcome === 'message') return this.#signedIn();
    // Closed without a message: the drive may be connected anyway when the popup lost its opener.
    this.#popupUnconfirmed = true;
    this.#show({ kind: 'checking' });
    const listing = await this.#fetchListing({}, { onReauth: () => this.#show({ kind: 'sign-in', reason, popupBlocked: false }) });
    if (listing) this.#signedIn(listing);
  }

  /** Back from a popup that could not report (see afterPopup): check once more, quietly. */
  readonly #onWindowFocus = (): void => {
    if (!this.#popupUnconfirmed || this.#state.screen.kind !== 'sign-in' || this.#listing) return;
    const controller = new AbortController();
    this.#listing = controller;
    this.#api!.list({}, controller.signal)
      .then(
        (listing) => {
          if (this.#listing === controller && this.#state.screen.kind === 'sign-in') this.#signedIn(listing);
        },
        () => undefined,
      )
      .finally(() => {
        if (this.#listing === controller) this.#listing = undefined;
      });
  };

  readonly #actions: DriveActions = {
    signIn: () => {
      const screen = this.#state.screen;
      const reason = screen.kind === 'sign-in' ? screen.reason : 'connect';
      // Synchronous up to window.open: the click's user activation is what lets the popup open.
      const popup = openSignInPopup(this.#api!.signInUrl, this.#provider);
      if (!popup) {
        this.#show({ kind: 'sign-in', reason, popupBlocked: true });
        this.#reportError('DRIVE_POPUP_BLOCKED', 'The browser blocked the sign-in window');
        return;
      }
      this.#popup = popup;
      this.#popupUnconfirmed = false;
      this.#listing?.abort();
      this.#signingIn?.abort();
      const controller = new AbortController();
      this.#signingIn = controller;
      this.#show({ kind: 'waiting' });
      void waitForSignIn({ popup, origin: this.#api!.serverOrigin, provider: this.#provider, signal: controller.signal }).then((outcome) =>
        this.#afterPopup(outcome, reason),
      );
    },
    cancelSignIn: () => {
      this.#signingIn?.abort();
      this.#popup?.close();
      this.#show({ kind: 'sign-in', reason: 'connect', popupBlocked: false });
    },
    signOut: () => void this.#signOut(),
    openFolder: (entry: DriveFileEntry) => {
      const location = this.#state.location;
      const path = location.kind === 'folder' ? location.path : [...ROOT_PATH];
      this.#state.location = { kind: 'folder', path: [...path, { id: entry.id, name: entry.name }] };
      void this.#reload();
    },
    goTo: (index: number) => {
      this.#state.location = { kind: 'folder', path: this.#state.location.path.slice(0, index + 1) };
      void this.#reload();
    },
    setSearchText: (text: string) => {
      this.#state.searchText = text;
    },
    search: () => {
      const query = this.#state.searchText.trim();
      if (!query) return this.#actions.clearSearch();
      this.#state.location = { kind: 'search', query, path: this.#state.location.path };
      void this.#reload();
    },
    clearSearch: () => {
      this.#state.searchText = '';
      this.#state.location = { kind: 'folder', path: this.#state.location.path };
      void this.#reload();
    },
    loadMore: () => {
      const cursor = this.#state.nextCursor;
      if (!cursor || this.#state.status === 'loading-more') return;
      this.#state.status = 'loading-more';
      this.#context.requestUpdate();
      void this.#fetchListing({ cursor }, { onReauth: () => this.#needReauth() }).then((listing) => {
        if (!listing) return;
        this.#state.entries = [...this.#state.entries, ...listing.files];
        this.#state.nextCursor = listing.nextCursor;
        this.#state.status = 'ready';
        this.#context.requestUpdate();
      });
    },
    retry: () => void this.#reload(),
    toggle: (entry: DriveFileEntry) => {
      this.#state.toggle(entry);
      this.#context.requestUpdate();
    },
    toggleAll: () => {
      this.#state.toggleAll();
      this.#context.requestUpdate();
    },
    add: () => void this.#addSelection(),
  };

  /**
   * The handler revokes the tokens at the provider and deletes them. Only once it says so is the
   * drive signed out: should the request fail, the user is still signed in on the server (and would
   * be again after a reload), so the files stay in view with the error, and Sign out can be tried
   * again.
   */
  async #signOut(): Promise<void> {
    if (this.#signingOut) return;
    this.#popupUnconfirmed = false;
    this.#listing?.abort();
    const controller = new AbortController();
    this.#signingOut = controller;
    this.#state.signOut = 'pending';
    this.#context.requestUpdate();
    try {
      await this.#api!.signOut(controller.signal);
    } catch (error) {
      // Aborted only when the panel closes: nothing is shown any more.
      if (controller.signal.aborted) return;
      this.#state.signOut = 'failed';
      this.#context.requestUpdate();
      const status = isDriveRequestError(error) ? error.status : undefined;
      this.#reportError('DRIVE_SIGN_OUT_FAILED', error instanceof Error ? error.message : String(error), status);
      return;
    } finally {
      this.#signingOut = undefined;
    }
    writeSessionNote(this.#api!, undefined);
    this.#state.clear();
    this.#show({ kind: 'sign-in', reason: 'connect', popupBlocked: false });
    this.#context.notify('svc-drive-sign-out', { source: this.source, provider: this.#provider });
  }

  async #addSelection(): Promise<void> {
    const files = [...this.#state.selection.values()];
    if (files.length === 0) return;
    if (!this.#context.notify('svc-drive-import', { source: this.source, provider: this.#provider, files })) return;
    const api = this.#api!;
    const result = await this.#context.engine().addRemoteFiles(
      files.map((file) => toRemoteFile(api, file)),
      this.source,
    );
    if (result.added.length > 0) this.#context.notify('svc-files-add', { files: result.added });
    if (result.rejected.length > 0) this.#context.notify('svc-files-reject', { rejections: result.rejected });
    this.#state.selection.clear();
    // Closed even when limits refused some: the list view shows why.
    this.#context.close();
  }
}

export function createDrivePanelFactory(source: DriveSource): SourcePanelFactory {
  return (context) => new DrivePanel(source, context);
}
