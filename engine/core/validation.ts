import { matchesFileType } from './file-types.js';
import type { ResolvedOptions } from './options.js';
import { describeSizeLimit } from './sizes.js';
import type { BeforeFileAddedResult, EngineOptions } from './engine-options.js';
import type { FileRejection } from './file-record.js';

/** What the list looks like when a candidate is checked (earlier files of the batch included). */
export interface ListState {
  count: number;
  totalBytes: number;
}

/**
 * Restriction checks in a fixed order: count, type, size ceiling, size floor, total size. The
 * reason code is chosen here, by the check that failed, and travels with the rejection.
 */
export function checkRestrictions(file: File, options: ResolvedOptions, list: ListState): FileRejection | null {
  if (list.count >= options.maxFiles) {
    return {
      file,
      reason: 'LIMIT_EXCEEDED',
      limit: options.maxFiles,
      message: `At most ${options.maxFiles} file(s) can be added`,
    };
  }
  if (!matchesFileType(file, options.allowedTypeTokens)) {
    const accepted = options.allowedTypeTokens.join(',');
    return {
      file,
      reason: 'TYPE_MISMATCH',
      limit: accepted,
      message: `${file.name} (${file.type || 'unknown type'}) is not an accepted type`,
    };
  }
  if (file.size > options.maxFileBytes) {
    return {
      file,
      reason: 'FILE_TOO_LARGE',
      limit: options.maxFileBytes,
      message: `${file.name} is larger than ${describeSizeLimit(options.maxFileBytes)}`,
    };
  }
  if (file.size < options.minFileBytes) {
    return {
      file,
      reason: 'FILE_TOO_SMALL',
      limit: options.minFileBytes,
      message: `${file.name} is smaller than ${describeSizeLimit(options.minFileBytes)}`,
    };
  }
  if (list.totalBytes + file.size > options.maxTotalBytes) {
    return {
      file,
      reason: 'TOTAL_SIZE_EXCEEDED',
      limit: options.maxTotalBytes,
      message: `Adding ${file.name} would exceed the total of ${describeSizeLimit(options.maxTotalBytes)}`,
    };
  }
  return null;
}

/** Outcome of the host's `onBeforeFileAdded` filter. */
export type FilterOutcome = { accepted: true; file: File } | { accepted: false; rejection: FileRejection };

/**
 * Runs `onBeforeFileAdded`: false rejects, a File substitutes, true/undefined accepts. A throwing
 * or rejecting hook rejects the file (the host's filter decided against it, however it failed).
 */
export async function runBeforeFileAdded(file: File, hook: EngineOptions['onBeforeFileAdded']): Promise<FilterOutcome> {
  if (!hook) return { accepted: true, file };
  let verdict: BeforeFileAddedResult;
  try {
    verdict = await hook(file);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { accepted: false, rejection: { file, reason: 'REJECTED_BY_HOOK', message: `onBeforeFileAdded threw: ${detail}` } };
  }
  if (verdict === false) {
    return { accepted: false, rejection: { file, reason: 'REJECTED_BY_HOOK', message: `${file.name} was rejected by onBeforeFileAdded` } };
  }
  if (isFile(verdict)) return { accepted: true, file: verdict };
  return { accepted: true, file };
}

/** Structural check: `instanceof File` fails across realms (iframes, bundle copies). */
function isFile(value: unknown): value is File {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as File).name === 'string' &&
    typeof (value as File).size === 'number' &&
    typeof (value as File).slice === 'function'
  );
}
