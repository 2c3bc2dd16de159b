/**
 * When an upload token expires. A token lives one hour, but never past the resume window
 * (`multipartResumeWindowSeconds`, measured from the original init): a short window is a real cap
 * on how long an upload can be continued, whichever route issued the token.
 */
import { UPLOAD_TOKEN_TTL_SECONDS } from './upload-token.js';

/**
 * `min(now + 1 hour, issuedAt + window)`; a window of 0 (resume disabled) caps nothing, so the
 * token keeps its hour.
 */
export function tokenExpiry(now: number, issuedAt: number, resumeWindowSeconds: number): number {
  const ttlEnd = now + UPLOAD_TOKEN_TTL_SECONDS;
  return resumeWindowSeconds > 0 ? Math.min(ttlEnd, issuedAt + resumeWindowSeconds) : ttlEnd;
}
