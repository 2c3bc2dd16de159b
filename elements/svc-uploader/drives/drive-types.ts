/**
 * The cloud-drive sources of `<svc-uploader>` (server mode): their source ids, the wire slugs of the
 * handler's `/auth/:provider` and `/files/:provider` routes, and the shapes those routes answer.
 */

/** Source ids, as `sources` lists them (and the handler's `providers` config keys). */
export type DriveSource = 'googleDrive' | 'oneDrive' | 'dropbox' | 'box';

import type { DriveFileEntry, DriveProviderSlug } from '../../../protocol/wire.js';

/** Wire slugs of the same providers, and the shape of one listed entry. */
export type { DriveFileEntry, DriveProviderSlug } from '../../../protocol/wire.js';

export const DRIVE_SLUGS: Readonly<Record<DriveSource, DriveProviderSlug>> = {
  googleDrive: 'google-drive',
  oneDrive: 'one-drive',
  dropbox: 'dropbox',
  box: 'box',
};

/** `svc-drive-auth` and `svc-drive-sign-out`. */
export interface DriveAuthDetail {
  source: DriveSource;
  provider: DriveProviderSlug;
}

/** `svc-drive-import`: the files the user chose, before they join the list. */
export interface DriveImportDetail extends DriveAuthDetail {
  files: DriveFileEntry[];
}
