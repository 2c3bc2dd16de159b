/**
 * The multipart upload token: a signed token (see signed-token.ts) whose payload binds one
 * multipart upload. A completion token of a single upload (completion-token.ts) is refused here.
 */
import { createSignedTokenCodec, refuseToken } from './signed-token.js';
import type { UploadTokenSecrets } from './upload-token-secrets.js';
import { isAmzChecksumAlgorithm, type AmzChecksumAlgorithm } from './amz-checksum.js';

export const UPLOAD_TOKEN_TTL_SECONDS = 3600;
export { INVALID_UPLOAD_TOKEN } from './signed-token.js';

export interface UploadTokenClaims {
  key: string;
  uploadId: string;
  /** Owner; null for anonymous uploads. */
  userId: string | null;
  /** Allowed total size, inclusive: [minSize, maxSize]. */
  minSize: number;
  maxSize: number;
  /** Epoch seconds. */
  expiresAt: number;
  /** Epoch seconds of the original init; carried unchanged through every re-issue. */
  issuedAt: number;
  /** Fingerprint of the resolved bucket; only when storage is a resolver. */
  storageId?: string;
  /**
   * Bytes of every part but the last, fixed at init. Part URLs are signed for exactly this length
   * (the last part for the remainder). Absent only in tokens minted before parts were bound.
   */
  partSize?: number;
  /**
   * Random value written into the object's metadata at init, so a repeated complete can tell
   * this upload's object from any other object under the same key.
   */
  uploadNonce?: string;
  /**
   * The `x-amz-checksum-*` algorithm the upload was opened with: every part URL is signed with
   * its digest in it, and complete names them. Absent for uploads without one (and older tokens).
   */
  checksumAlgorithm?: AmzChecksumAlgorithm;
}

/** Field names on the wire, kept short because the token travels with every part request. */
interface UploadTokenPayload {
  k: string;
  u: string;
  uid: string | null;
  smin: number;
  smax: number;
  exp: number;
  iat?: number;
  sid?: string;
  ps?: number;
  n?: string;
  ca?: AmzChecksumAlgorithm;
}

export function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function isNonNegativeInteger(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

function toClaims(payload: unknown): UploadTokenClaims | undefined {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined;
  const { k, u, uid, smin, smax, exp, iat, sid, ps, n, ca, typ } = payload as Partial<Record<keyof UploadTokenPayload | 'typ', unknown>>;
  // A completion token of a single upload names its kind; a multipart token never does.
  if (typ !== undefined) return undefined;
  if (typeof k !== 'string' || k === '' || typeof u !== 'string' || u === '') return undefined;
  if (uid !== null && (typeof uid !== 'string' || uid === '')) return undefined;
  if (!isNonNegativeInteger(smin) || !isNonNegativeInteger(smax) || smin > smax) return undefined;
  if (!isNonNegativeInteger(exp)) return undefined;
  if (iat !== undefined && !isNonNegativeInteger(iat)) return undefined;
  if (sid !== undefined && typeof sid !== 'string') return undefined;
  if (ps !== undefined && (!isNonNegativeInteger(ps) || ps === 0)) return undefined;
  if (n !== undefined && (typeof n !== 'string' || n === '')) return undefined;
  if (ca !== undefined && !isAmzChecksumAlgorithm(ca)) return undefined;
  return {
    key: k,
    uploadId: u,
    userId: uid,
    minSize: smin,
    maxSize: smax,
    expiresAt: exp,
    // Tokens minted before the resume route carried no issue time; the lifetime was always one hour.
    issuedAt: iat ?? exp - UPLOAD_TOKEN_TTL_SECONDS,
    ...(sid === undefined ? {} : { storageId: sid }),
    ...(ps === undefined ? {} : { partSize: ps }),
    ...(n === undefined ? {} : { uploadNonce: n }),
    ...(ca === undefined ? {} : { checksumAlgorithm: ca }),
  };
}

export interface UploadTokenCodec {
  sign(claims: UploadTokenClaims): Promise<string>;
  /**
   * Returns the claims of a genuine token or throws a 403 `Invalid upload token` with code
   * `malformed`, `bad_signature` or (unless `acceptExpired`) `expired`.
   */
  verify(token: unknown, options?: { acceptExpired?: boolean; now?: number }): Promise<UploadTokenClaims>;
}

/** Longest multipart token accepted: every token this server issues is far shorter. */
const MAX_UPLOAD_TOKEN_LENGTH = 4096;

export function createUploadTokenCodec(secrets: UploadTokenSecrets): UploadTokenCodec {
  const signed = createSignedTokenCodec(secrets, { maxLength: MAX_UPLOAD_TOKEN_LENGTH, rememberGenuine: true });
  return {
    sign(claims) {
      const payload: UploadTokenPayload = {
        k: claims.key,
        u: claims.uploadId,
        uid: claims.userId,
        smin: claims.minSize,
        smax: claims.maxSize,
        exp: claims.expiresAt,
        iat: claims.issuedAt,
        ...(claims.storageId === undefined ? {} : { sid: claims.storageId }),
        ...(claims.partSize === undefined ? {} : { ps: claims.partSize }),
        ...(claims.uploadNonce === undefined ? {} : { n: claims.uploadNonce }),
        ...(claims.checksumAlgorithm === undefined ? {} : { ca: claims.checksumAlgorithm }),
      };
      return signed.sign(payload);
    },

    async verify(token, options = {}) {
      const claims = toClaims(await signed.open(token));
      if (!claims) throw refuseToken('malformed', 'signed payload lacks the expected fields');
      const now = options.now ?? nowInSeconds();
      if (!options.acceptExpired && now >= claims.expiresAt) throw refuseToken('expired', `expired at ${claims.expiresAt}, now ${now}`);
      return claims;
    },
  };
}
