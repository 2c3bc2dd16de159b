/**
 * What the drive panel shows, as plain data: which screen, where the user is (a folder path or a
 * search), the entries loaded so far and the selection, which survives moving between folders.
 */
import type { DriveListRequest } from './drive-api.js';
import type { DriveFileEntry } from './drive-types.js';

/** One step of the folder path; the root has no id. */
export interface DriveCrumb {
  id?: string;
  name?: string;
}

export type DriveLocation =
  | { kind: 'folder'; path: DriveCrumb[] }
  /** `path` is the folder the search started from, shown in the breadcrumbs to go back to. */
  | { kind: 'search'; query: string; path: DriveCrumb[] };

export type DriveScreen =
  | { kind: 'unavailable' }
  /** Asking the server whether this user's drive is connected. */
  | { kind: 'checking' }
  | { kind: 'sign-in'; reason: 'connect' | 'reauth'; popupBlocked: boolean }
  /** The sign-in popup is open. */
  | { kind: 'waiting' }
  | { kind: 'browse' };

export type ListingStatus = 'loading' | 'loading-more' | 'ready' | 'error';

export const ROOT_PATH: readonly DriveCrumb[] = [{}];

export class DriveBrowserState {
  screen: DriveScreen = { kind: 'checking' };
  location: DriveLocation = { kind: 'folder', path: [...ROOT_PATH] };
  entries: DriveFileEntry[] = [];
  nextCursor: string | undefined;
  status: ListingStatus = 'loading';
  /** Text in the search field (not yet submitted). */
  searchText = '';
  /** A sign-out waiting for the handler, or one the handler did not confirm (the user is still signed in). */
  signOut: 'pending' | 'failed' | undefined;
  readonly selection = new Map<string, DriveFileEntry>();

  /** The request that lists the current location from its start. */
  currentRequest(): DriveListRequest {
    if (this.location.kind === 'search') return { search: this.location.query };
    const id = this.location.path.at(-1)?.id;
    return id ? { folderId: id } : {};
  }

  /** The files (not folders) of the current listing. */
  get files(): DriveFileEntry[] {
    return this.entries.filter((entry) => !entry.isFolder);
  }

  get allFilesSelected(): boolean {
    const files = this.files;
    return files.length > 0 && files.every((file) => this.selection.has(file.id));
  }

  toggle(entry: DriveFileEntry): void {
    if (this.selection.has(entry.id)) this.selection.delete(entry.id);
    else this.selection.set(entry.id, entry);
  }

  /** Selects every file listed here, or deselects them when all already are. */
  toggleAll(): void {
    const select = !this.allFilesSelected;
    for (const file of this.files) {
      if (select) this.selection.set(file.id, file);
      else this.selection.delete(file.id);
    }
  }

  /** Forgets everything the signed-in user saw. */
  clear(): void {
    this.location = { kind: 'folder', path: [...ROOT_PATH] };
    this.entries = [];
    this.nextCursor = undefined;
    this.searchText = '';
    this.signOut = undefined;
    this.selection.clear();
  }
}
