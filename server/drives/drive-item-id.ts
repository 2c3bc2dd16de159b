/**
 * Drive file and folder ids come from the client and end up in provider URL paths. `.` and `..`
 * would be resolved as path segments (`/files/..` is the parent route), and no provider issues
 * ids longer than a few hundred characters, so both are refused before any provider call.
 */
import { UpupError, UpupErrorCode } from '../errors.js';

const MAX_DRIVE_ITEM_ID_LENGTH = 1024;

export function isUsableDriveItemId(id: string): boolean {
  return id !== '.' && id !== '..' && id.length <= MAX_DRIVE_ITEM_ID_LENGTH;
}

/** The id unchanged, or 400 `Invalid <name>`. */
export function requireDriveItemId(id: string, name: 'fileId' | 'folderId'): string {
  if (!isUsableDriveItemId(id)) {
    throw new UpupError(`Invalid ${name}`, UpupErrorCode.BAD_REQUEST, {
      status: 400,
      cause: new Error(`${name} is a dot segment or longer than ${MAX_DRIVE_ITEM_ID_LENGTH} characters`),
    });
  }
  return id;
}
