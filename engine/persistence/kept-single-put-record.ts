import { assertPresignAnswer } from '../upload/handler-answers.js';
import type { KeptSinglePut } from '../upload/kept-single-put.js';

/** Longer than any completion token the handler issues. */
const MAX_COMPLETION_TOKEN_LENGTH = 8192;

/**
 * A kept single PUT read back from a crash-recovery record, checked as strictly as the /presign
 * answer it came from (any script of the origin can write IndexedDB). It counts as possibly
 * stored: the page went away while it was being sent or checked, so the restored file asks
 * `/complete` first and sends again (to the same URL while it works) only on 404.
 */
export function readKeptSinglePut(value: unknown): KeptSinglePut | undefined {
  const kept = value as KeptSinglePut | null | undefined;
  if (typeof kept !== 'object' || kept === null || !Number.isFinite(kept.urlValidUntil)) return undefined;
  const presigned = kept.presigned as Partial<KeptSinglePut['presigned']> | undefined;
  const token = presigned?.completionToken;
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_COMPLETION_TOKEN_LENGTH) return undefined;
  if (typeof presigned?.expiresIn !== 'number') return undefined;
  try {
    assertPresignAnswer(presigned);
  } catch {
    return undefined;
  }
  return { presigned: { ...(presigned as KeptSinglePut['presigned']) }, urlValidUntil: kept.urlValidUntil, maybeStored: true };
}
