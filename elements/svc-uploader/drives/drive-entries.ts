/**
 * The entries of a drive listing, checked one by one. The listing comes through the handler, but
 * from a provider's API that the page does not control: an entry whose fields have the wrong type
 * (a numeric id, a name object, a size string, a folder flag "yes") would break the browser or an
 * import later, so it is dropped here and counted, and only the known fields are kept.
 */
import type { DriveFileEntry } from './drive-types.js';

/** Longest values kept: generous for real providers, bounded against a hostile answer. */
const MAX_ID_CHARS = 2048;
const MAX_NAME_CHARS = 1024;
const MAX_MIME_CHARS = 255;
const MAX_URL_CHARS = 4096;
const MAX_DATE_CHARS = 64;

function isText(value: unknown, maxChars: number): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= maxChars;
}

function isOptionalText(value: unknown, maxChars: number): boolean {
  return value === undefined || isText(value, maxChars);
}

/** One entry in its expected shape, or undefined when any field has the wrong type. */
function toDriveFileEntry(value: unknown): DriveFileEntry | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { id, name, isFolder, size, mimeType, thumbnailUrl, modifiedAt } = value as Record<string, unknown>;
  if (!isText(id, MAX_ID_CHARS) || !isText(name, MAX_NAME_CHARS) || typeof isFolder !== 'boolean') return undefined;
  if (size !== undefined && !(typeof size === 'number' && Number.isSafeInteger(size) && size >= 0)) return undefined;
  if (!isOptionalText(mimeType, MAX_MIME_CHARS) || !isOptionalText(thumbnailUrl, MAX_URL_CHARS) || !isOptionalText(modifiedAt, MAX_DATE_CHARS))
    return undefined;
  const entry: DriveFileEntry = { id, name, isFolder };
  if (size !== undefined) entry.size = size;
  if (mimeType !== undefined) entry.mimeType = mimeType as string;
  if (thumbnailUrl !== undefined) entry.thumbnailUrl = thumbnailUrl as string;
  if (modifiedAt !== undefined) entry.modifiedAt = modifiedAt as string;
  return entry;
}

/** The well-formed entries of a listing, and how many were dropped. */
export function toDriveFileEntries(values: readonly unknown[]): { files: DriveFileEntry[]; dropped: number } {
  const files: DriveFileEntry[] = [];
  for (const value of values) {
    const entry = toDriveFileEntry(value);
    if (entry) files.push(entry);
  }
  return { files, dropped: values.length - files.length };
}
