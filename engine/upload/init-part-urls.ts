/**
 * The first part URLs `/multipart/init` signs when asked (`signParts`): the engine's first PUTs
 * then leave without waiting on a `/multipart/sign-part` round trip. Only for uploads whose parts
 * carry no digest; a handler that answers none (an older one) or a malformed list costs nothing
 * but that round trip: the parts are signed as usual.
 */
import { assertSignPartAnswer, MIN_PART_SIZE } from './handler-answers.js';
import type { SignPartResponse } from './multipart-routes.js';

/** The handler signs at most this many parts at init (`signParts`, protocol/wire.ts). */
const MAX_SIGN_PARTS = 16;

/**
 * As many as the engine puts in flight at once, never more than the file's parts (as the handler
 * will count them: the requested size, raised to S3's 5 MiB minimum) or the handler's limit.
 */
export function signPartsToAsk(fileSize: number, chunkSizeBytes: number, maxConcurrentParts: number): number {
  const estimatedParts = Math.max(1, Math.ceil(fileSize / Math.max(chunkSizeBytes, MIN_PART_SIZE)));
  return Math.max(1, Math.min(maxConcurrentParts, estimatedParts, MAX_SIGN_PARTS));
}

/**
 * The URLs of init's `parts`, by part number, each checked as a sign-part answer is. Anything
 * malformed (not a list, a part number outside the file's parts or twice, a bad URL or header)
 * drops the whole list: the engine then signs every part itself.
 */
export function readInitPartUrls(parts: unknown, partCount: number): Map<number, SignPartResponse> {
  const urls = new Map<number, SignPartResponse>();
  if (!Array.isArray(parts) || parts.length > MAX_SIGN_PARTS) return urls;
  try {
    for (const part of parts as unknown[]) {
      assertSignPartAnswer(part);
      const { partNumber, uploadUrl, uploadHeaders, expiresIn } = part as SignPartResponse & { partNumber: unknown };
      if (typeof partNumber !== 'number' || !Number.isInteger(partNumber) || partNumber < 1 || partNumber > partCount || urls.has(partNumber)) return new Map();
      urls.set(partNumber, { uploadUrl, expiresIn, ...(uploadHeaders ? { uploadHeaders } : {}) });
    }
  } catch {
    return new Map();
  }
  return urls;
}
