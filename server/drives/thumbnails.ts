/**
 * Thumbnails of providers whose thumbnail endpoints need the user's token (Dropbox, Box). The
 * listing points such entries at the handler (`GET <mount>/files/:provider/thumbnail?fileId=`),
 * which fetches the picture with the stored token, so the browser never holds a provider token.
 * What it relays is bounded and must be a PNG: a provider answer can never make the handler's
 * origin serve HTML or script.
 */
import { UpupError } from '../errors.js';
import { BodyTooLargeError, readBodyWithin } from '../internal/bounded-body.js';
import { createDriveRequestError } from './drive-errors.js';
import type { DriveFileEntry } from './providers/drive-provider.js';
import type { DriveProviderSlug } from './types.js';

/** A 128-pixel PNG is a few KiB to a few tens of KiB; anything this large is not a thumbnail. */
const MAX_THUMBNAIL_BYTES = 256 * 1024;
/** Per user (`private`): a browser keeps it for an hour, long enough to page back and forth. */
export const THUMBNAIL_CACHE_CONTROL = 'private, max-age=3600';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Types the providers make pictures of; SVG is left out since it could carry script. */
export function wantsProxiedThumbnail(entry: DriveFileEntry): boolean {
  const type = entry.mimeType ?? '';
  return !entry.isFolder && type.startsWith('image/') && type !== 'image/svg+xml';
}

/** The handler URL an entry's picture is served from. */
export function toThumbnailUrl(handlerUrl: string, provider: DriveProviderSlug, fileId: string): string {
  return `${handlerUrl}/files/${provider}/thumbnail?${new URLSearchParams({ fileId })}`;
}

/** 404 `Not found`: the provider has no picture of this file. */
export function createNoThumbnailError(fileId: string): UpupError {
  return new UpupError('Not found', undefined, { status: 404, cause: new Error(`the provider has no thumbnail of ${fileId}`) });
}

/** The body, read up to the bound; a missing, larger or non-PNG answer is a drive failure. */
export async function readThumbnail(response: Response): Promise<Uint8Array<ArrayBuffer>> {
  if (!response.body) throw createDriveRequestError(new Error('the thumbnail answer has no body'));
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBodyWithin(response, MAX_THUMBNAIL_BYTES);
  } catch (error) {
    throw error instanceof BodyTooLargeError ? createDriveRequestError(error) : error;
  }
  if (!PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) throw createDriveRequestError(new Error('the thumbnail is not a PNG'));
  return bytes;
}
