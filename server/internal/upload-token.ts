/**
 * The multipart upload token: `base64url(JSON payload) + "." + base64url(HMAC-SHA-256(payload part))`.
 * The signature is checked (constant time, over the encoded text) before a single payload byte is
 * decoded, so a forged payload is never parsed.
 */
import { UpupError } from '../errors.js';
import { fromBase64Url, timingSafeEqual, toBase64Url, toUtf8Bytes } from './encoding.js';
import type { UploadTokenSecrets } from './upload-token-secrets.js';
import { isAmzChecksumAlgorithm, type AmzChecksumAlgorithm } from './amz-checksum.js';

export const UPLOAD_TOKEN_TTL_SECONDS = 3600;
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
  const { k, u, uid, smin, smax, exp, iat, sid, ps, n, ca } = payload as Partial<Record<keyof UploadTokenPayload, unknown>>;
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

function importSigningKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', toUtf8Bytes(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

async function signatureWith(key: Promise<CryptoKey>, encodedPayload: string): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await key, toUtf8Bytes(encodedPayload));
  return toBase64Url(new Uint8Array(signature));
}

/**
 * The HMACs of payloads that arrived with a genuine signature. A multipart upload presents the same
 * token for every part, and on Node each Web Crypto HMAC is a thread-pool round trip that costs
 * about as much as signing the part URL. Only what the server computed is kept, keyed by the
 * (public) payload text and stored only after a signature matched, so a forgery never enters and
 * never evicts; the presented signature is still compared in constant time against every secret's
 * value, and the payload is still parsed and its expiry checked on every request.
 */
class GenuineSignatureMemo {
  static readonly LIMIT = 4096;
  readonly #entries = new Map<string, readonly string[]>();

  get(encodedPayload: string): readonly string[] | undefined {
    const found = this.#entries.get(encodedPayload);
    if (found) {
      // Most recently used last, so the oldest upload is the one forgotten.
      this.#entries.delete(encodedPayload);
      this.#entries.set(encodedPayload, found);
    }
    return found;
  }

  set(encodedPayload: string, signatures: readonly string[]): void {
    if (this.#entries.size >= GenuineSignatureMemo.LIMIT) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(encodedPayload, signatures);
  }
}

/**
 * `secrets[0]` signs every new token; every entry verifies, so a secret can be rotated without
 * failing the uploads in flight: put the new one first and drop the old one after the resume window.
 */
export function createUploadTokenCodec(secrets: UploadTokenSecrets): UploadTokenCodec {
  const keys = secrets.map(importSigningKey);
  const signingKey = keys[0]!;
  const genuineSignatures = new GenuineSignatureMemo();

  /** The signature each secret gives the payload, computed once per genuine payload (see GenuineSignatureMemo). */
  async function expectedSignatures(encodedPayload: string): Promise<{ signatures: readonly string[]; remembered: boolean }> {
    const remembered = genuineSignatures.get(encodedPayload);
    if (remembered) return { signatures: remembered, remembered: true };
    const signatures: string[] = [];
    for (const key of keys) signatures.push(await signatureWith(key, encodedPayload));
    return { signatures, remembered: false };
  }

  /** Every secret's signature is compared (no early exit), so the time taken does not tell which secret matched. */
  async function matchesAnySecret(encodedPayload: string, signature: string): Promise<boolean> {
    const { signatures, remembered } = await expectedSignatures(encodedPayload);
    const presented = toUtf8Bytes(signature);
    let matched = false;
    for (const expected of signatures) {
      if (timingSafeEqual(presented, toUtf8Bytes(expected))) matched = true;
    }
    if (matched && !remembered) genuineSignatures.set(encodedPayload, signatures);
    return matched;
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
        ...(claims.partSize === undefined ? {} : { ps: claims.partSize }),
        ...(claims.uploadNonce === undefined ? {} : { n: claims.uploadNonce }),
        ...(claims.checksumAlgorithm === undefined ? {} : { ca: claims.checksumAlgorithm }),
      };
      const encodedPayload = toBase64Url(toUtf8Bytes(JSON.stringify(payload)));
      return `${encodedPayload}.${await signatureWith(signingKey, encodedPayload)}`;
    },

    async verify(token, options = {}) {
      if (typeof token !== 'string' || token.length === 0) throw refuse('malformed', 'missing or not a string');
      if (token.length > 4096) throw refuse('malformed', 'longer than any token this server issues');
      const parts = token.split('.');
      if (parts.length !== 2 || parts[0] === '' || parts[1] === '') throw refuse('malformed', 'not two dot-separated parts');
      const [encodedPayload, signature] = parts as [string, string];
      if (!BASE64URL_TEXT.test(encodedPayload) || !BASE64URL_TEXT.test(signature)) throw refuse('malformed', 'not base64url');
      if (!(await matchesAnySecret(encodedPayload, signature))) throw refuse('bad_signature', 'signature mismatch');

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
