/**
 * Folder listings and searches are never cut silently: pages are followed until the provider has
 * no more, up to a bound per response; past the bound the response carries `nextCursor`, and a
 * request with `cursor` continues where it stopped.
 */
import { UpupError, UpupErrorCode } from '../errors.js';
import { fromBase64Url, toBase64Url, toUtf8Bytes } from '../internal/encoding.js';
import { isUsableDriveItemId } from './drive-item-id.js';
import type { DriveFileEntry, DriveListQuery, DriveProvider } from './providers/drive-provider.js';
import type { UpstreamLimits } from './upstream-limits.js';

/** Entries gathered per response before a cursor is returned instead of another page. */
const MAX_ENTRIES_PER_RESPONSE = 5000;
/** Provider pages per response, in case a provider keeps sending (nearly) empty pages. */
const MAX_PAGES_PER_RESPONSE = 50;

export interface DriveListing {
  files: DriveFileEntry[];
  /** Present when entries remain: pass it back as `cursor` to get them. */
  nextCursor?: string;
}

interface CursorPayload {
  query: DriveListQuery;
  continuation: string;
}

function toCursor(payload: CursorPayload): string {
  return toBase64Url(toUtf8Bytes(JSON.stringify(payload)));
}

function invalidCursor(cause: unknown): UpupError {
  return new UpupError('Invalid cursor', UpupErrorCode.BAD_REQUEST, { status: 400, cause });
}

/** A cursor is client input: its query and continuation are checked before use. */
export function parseListCursor(cursor: string): CursorPayload {
  const bytes = fromBase64Url(cursor);
  if (!bytes) throw invalidCursor(new Error('cursor is not base64url'));
  let payload: Partial<CursorPayload>;
  try {
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as Partial<CursorPayload>;
  } catch (error) {
    throw invalidCursor(error);
  }
  const query = payload.query;
  const isOptionalString = (value: unknown) => value === undefined || typeof value === 'string';
  if (
    typeof payload.continuation !== 'string' ||
    typeof query !== 'object' ||
    query === null ||
    !isOptionalString(query.folderId) ||
    !isOptionalString(query.search)
  ) {
    throw invalidCursor(new Error('cursor has an unexpected shape'));
  }
  // The same rule as a `folderId` parameter: a cursor must not carry what the query string may not.
  if (query.folderId !== undefined && !isUsableDriveItemId(query.folderId)) throw invalidCursor(new Error('cursor names an unusable folderId'));
  const parsedQuery: DriveListQuery = {};
  if (query.folderId !== undefined) parsedQuery.folderId = query.folderId;
  if (query.search !== undefined) parsedQuery.search = query.search;
  return { query: parsedQuery, continuation: payload.continuation };
}

/** Lists a folder or search from its start, or from a cursor's continuation. */
export async function listDriveFiles(
  provider: DriveProvider,
  accessToken: string,
  limits: UpstreamLimits,
  query: DriveListQuery,
  continuation?: string,
): Promise<DriveListing> {
  const files: DriveFileEntry[] = [];
  let next = continuation;
  for (let pages = 0; ; pages += 1) {
    if (pages > 0 && (files.length >= MAX_ENTRIES_PER_RESPONSE || pages >= MAX_PAGES_PER_RESPONSE)) {
      return { files, nextCursor: toCursor({ query, continuation: next! }) };
    }
    const page = await provider.listPage(accessToken, query, next, limits);
    files.push(...page.files);
    if (!page.continuation || page.continuation === next) return { files };
    next = page.continuation;
  }
}
