/**
 * The multipart upload token: `base64url(JSON payload) + "." + base64url(HMAC-SHA-256(payload part))`.
 * The signature is checked (constant time, over the encoded text) before a single payload byte is
 * decoded, so a forged payload is never parsed.
 */
import { UpupError } from '../errors.js';
import { fromBase64Url, timingSafeEqual, toBase64Url, toUtf8Bytes } from './encoding.js';

export const UPLOAD_TOKEN_TTL_SECONDS = 3600;
export const MIN_UPLOAD_TOKEN_SECRET_LENGTH = 16;
export const INVALID_UPLOAD_TOKEN = 'Invalid upload token';

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
}

const BASE64URL_TEXT = /^[A-Za-z0-9_-]+$/;

export function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function refuse(code: 'malformed' | 'bad_signature' | 'expired', detail: string): UpupError {
  return new UpupError(INVALID_UPLOAD_TOKEN, code, { status: 403, cause: new Error(`upload token refused: ${detail}`) });
}

function isNonNegativeInteger(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

function toClaims(payload: unknown): UploadTokenClaims | undefined {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined;
  const { k, u, uid, smin, smax, exp, iat, sid } = payload as Partial<Record<keyof UploadTokenPayload, unknown>>;
  if (typeof k !== 'string' || k === '' || typeof u !== 'string' || u === '') return undefined;
  if (uid !== null && (typeof uid !== 'string' || uid === '')) return undefined;
  if (!isNonNegativeInteger(smin) || !isNonNegativeInteger(smax) || smin > smax) return undefined;
  if (!isNonNegativeInteger(exp)) return undefined;
  if (iat !== undefined && !isNonNegativeInteger(iat)) return undefined;
  if (sid !== undefined && typeof sid !== 'string') return undefined;
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

export function createUploadTokenCodec(secret: string): UploadTokenCodec {
  const keyPromise = crypto.subtle.importKey('raw', toUtf8Bytes(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);

  async function signatureOf(encodedPayload: string): Promise<string> {
    const signature = await crypto.subtle.sign('HMAC', await keyPromise, toUtf8Bytes(encodedPayload));
    return toBase64Url(new Uint8Array(signature));
  }

  return {
    async sign(claims) {
      const payload: UploadTokenPayload = {
        k: claims.key,
        u: claims.uploadId,
        uid: claims.userId,
        smin: claims.minSize,
        smax: claims.maxSize,
        exp: claims.expiresAt,
        iat: claims.issuedAt,
        ...(claims.storageId === undefined ? {} : { sid: claims.storageId }),
      };
      const encodedPayload = toBase64Url(toUtf8Bytes(JSON.stringify(payload)));
      return `${encodedPayload}.${await signatureOf(encodedPayload)}`;
    },

    async verify(token, options = {}) {
      if (typeof token !== 'string' || token.length === 0) throw refuse('malformed', 'missing or not a string');
      if (token.length > 4096) throw refuse('malformed', 'longer than any token this server issues');
      const parts = token.split('.');
      if (parts.length !== 2 || parts[0] === '' || parts[1] === '') throw refuse('malformed', 'not two dot-separated parts');
      const [encodedPayload, signature] = parts as [string, string];
      if (!BASE64URL_TEXT.test(encodedPayload) || !BASE64URL_TEXT.test(signature)) throw refuse('malformed', 'not base64url');
      const expected = await signatureOf(encodedPayload);
      if (!timingSafeEqual(toUtf8Bytes(signature), toUtf8Bytes(expected))) throw refuse('bad_signature', 'signature mismatch');

      let payload: unknown;
      try {
        const payloadBytes = fromBase64Url(encodedPayload);
        if (!payloadBytes) throw new Error('not base64url');
        payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(payloadBytes));
      } catch {
        throw refuse('malformed', 'signed payload is not JSON');
      }
      const claims = toClaims(payload);
      if (!claims) throw refuse('malformed', 'signed payload lacks the expected fields');
      const now = options.now ?? nowInSeconds();
      if (!options.acceptExpired && now >= claims.expiresAt) throw refuse('expired', `expired at ${claims.expiresAt}, now ${now}`);
      return claims;
    },
  };
}
