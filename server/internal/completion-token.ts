/**
 * The completion token of a single upload: /presign signs it next to the PUT URL, and the client
 * presents it to /complete once its PUT landed. It binds what /complete checks against storage
 * (key, size, type, digests), the owner, the bucket, an expiry, and the upload's own id, which is
 * also the nonce signed into the object's metadata and the id the hooks deduplicate on.
 */
import { isAmzChecksumAlgorithm, isCanonicalAmzDigest, type AmzChecksum } from './amz-checksum.js';
import { toHex } from './encoding.js';
import { isPlainObject } from './request-body.js';
import { createSignedTokenCodec, refuseToken } from './signed-token.js';
import { nowInSeconds } from './upload-token.js';
import type { UploadTokenSecrets } from './upload-token-secrets.js';

/**
 * A day: long enough for a PUT that began as its one-hour URL was about to expire and for the
 * client's retries of a lost answer; presenting it again after the hooks ran only repeats the answer.
 */
export const COMPLETION_TOKEN_TTL_SECONDS = 86_400;
/**
 * The client's `metadata` travels in the token (so /complete hands it to the hooks exactly as
 * /presign saw it) only up to this many characters of JSON; larger metadata is left out.
 */
const MAX_CARRIED_METADATA_LENGTH = 16 * 1024;
/** The carried metadata plus every other claim, base64url-encoded, stays under this. */
const MAX_COMPLETION_TOKEN_LENGTH = 32 * 1024;

export interface CompletionTokenClaims {
  key: string;
  /** 128 random bits, hex: the upload's id for the hooks and the nonce in the object's metadata. */
  uploadId: string;
  userId: string | null;
  /** The exact size signed into the PUT (Content-Length). */
  size: number;
  /** The normalised type signed into the PUT; empty when none was signed. */
  type: string;
  expiresAt: number;
  issuedAt: number;
  storageId?: string;
  /** Base64 MD5 signed as Content-MD5. */
  contentMd5?: string;
  /** Hex SHA-256 stored as `checksum-sha256` metadata. */
  checksumSha256?: string;
  /** The `x-amz-checksum-*` digest signed into the PUT. */
  checksum?: AmzChecksum;
  metadata?: Record<string, unknown>;
}

interface CompletionTokenPayload {
  typ: 'put';
  k: string;
  u: string;
  uid: string | null;
  s: number;
  t: string;
  exp: number;
  iat: number;
  sid?: string;
  m?: string;
  h?: string;
  c?: { a: AmzChecksum['algorithm']; v: string };
  md?: Record<string, unknown>;
}

export function createSingleUploadId(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(16)));
}

/** The metadata to carry, when it serialises within the bound (a deeply nested value does not). */
export function metadataToCarry(metadata: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (metadata === undefined) return undefined;
  try {
    return JSON.stringify(metadata).length <= MAX_CARRIED_METADATA_LENGTH ? metadata : undefined;
  } catch {
    return undefined;
  }
}

function isNonNegativeInteger(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

function readChecksum(value: unknown): AmzChecksum | undefined | false {
  if (value === undefined) return undefined;
  if (!isPlainObject(value) || !isAmzChecksumAlgorithm(value.a) || typeof value.v !== 'string' || !isCanonicalAmzDigest(value.v, value.a)) return false;
  return { algorithm: value.a, value: value.v };
}

function toClaims(payload: unknown): CompletionTokenClaims | undefined {
  if (!isPlainObject(payload) || payload.typ !== 'put') return undefined;
  const { k, u, uid, s, t, exp, iat, sid, m, h, c, md } = payload as Partial<Record<keyof CompletionTokenPayload, unknown>>;
  if (typeof k !== 'string' || k === '' || typeof u !== 'string' || u === '') return undefined;
  if (uid !== null && (typeof uid !== 'string' || uid === '')) return undefined;
  if (!isNonNegativeInteger(s) || typeof t !== 'string' || !isNonNegativeInteger(exp) || !isNonNegativeInteger(iat)) return undefined;
  if (sid !== undefined && typeof sid !== 'string') return undefined;
  if ((m !== undefined && typeof m !== 'string') || (h !== undefined && typeof h !== 'string')) return undefined;
  if (md !== undefined && !isPlainObject(md)) return undefined;
  const checksum = readChecksum(c);
  if (checksum === false) return undefined;
  return {
    key: k,
    uploadId: u,
    userId: uid,
    size: s,
    type: t,
    expiresAt: exp,
    issuedAt: iat,
    ...(sid === undefined ? {} : { storageId: sid }),
    ...(m === undefined ? {} : { contentMd5: m }),
    ...(h === undefined ? {} : { checksumSha256: h }),
    ...(checksum ? { checksum } : {}),
    ...(md === undefined ? {} : { metadata: md }),
  };
}

export interface CompletionTokenCodec {
  sign(claims: CompletionTokenClaims): Promise<string>;
  /** The claims of a genuine, unexpired completion token, or 403 `Invalid upload token` (`malformed`, `bad_signature`, `expired`). */
  verify(token: unknown, options?: { now?: number }): Promise<CompletionTokenClaims>;
}

export function createCompletionTokenCodec(secrets: UploadTokenSecrets): CompletionTokenCodec {
  // Presented once or twice per upload: nothing worth remembering.
  const signed = createSignedTokenCodec(secrets, { maxLength: MAX_COMPLETION_TOKEN_LENGTH, rememberGenuine: false });
  return {
    sign(claims) {
      const payload: CompletionTokenPayload = {
        typ: 'put',
        k: claims.key,
        u: claims.uploadId,
        uid: claims.userId,
        s: claims.size,
        t: claims.type,
        exp: claims.expiresAt,
        iat: claims.issuedAt,
        ...(claims.storageId === undefined ? {} : { sid: claims.storageId }),
        ...(claims.contentMd5 === undefined ? {} : { m: claims.contentMd5 }),
        ...(claims.checksumSha256 === undefined ? {} : { h: claims.checksumSha256 }),
        ...(claims.checksum === undefined ? {} : { c: { a: claims.checksum.algorithm, v: claims.checksum.value } }),
        ...(claims.metadata === undefined ? {} : { md: claims.metadata }),
      };
      return signed.sign(payload);
    },

    async verify(token, options = {}) {
      const claims = toClaims(await signed.open(token));
      if (!claims) throw refuseToken('malformed', 'signed payload is not a completion token');
      const now = options.now ?? nowInSeconds();
      if (now >= claims.expiresAt) throw refuseToken('expired', `expired at ${claims.expiresAt}, now ${now}`);
      return claims;
    },
  };
}
