/**
 * The signed tokens the handler hands to clients: `base64url(JSON payload) + "." +
 * base64url(HMAC-SHA-256(payload part))`. The signature is checked (constant time, over the encoded
 * text, against every secret) before a single payload byte is decoded, so a forged payload is
 * never parsed. The multipart upload token and the single-upload completion token are both this.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { UpupError } from '../errors.js';
import { fromBase64Url, timingSafeEqual, toBase64Url, toUtf8Bytes } from './encoding.js';
import type { UploadTokenSecrets } from './upload-token-secrets.js';

export const INVALID_UPLOAD_TOKEN = 'Invalid upload token';

const BASE64URL_TEXT = /^[A-Za-z0-9_-]+$/;

export function refuseToken(code: 'malformed' | 'bad_signature' | 'expired', detail: string): UpupError {
  return new UpupError(INVALID_UPLOAD_TOKEN, code, { status: 403, cause: new Error(`upload token refused: ${detail}`) });
}

/** An HMAC-SHA-256 keyed once with a secret; each signature starts from a copy of the keyed state. */
type KeyedHmac = ReturnType<typeof hmac.create>;

function keyWith(secret: string): KeyedHmac {
  return hmac.create(sha256, toUtf8Bytes(secret));
}

/**
 * Computed in this thread, in plain JavaScript, on every runtime: Web Crypto's HMAC is
 * asynchronous, and on Node each one is a round trip to the thread pool that left a /presign idle
 * for longer than the HMAC takes here (about 4 µs for a token).
 */
function signatureWith(key: KeyedHmac, encodedPayload: string): string {
  return toBase64Url(key.clone().update(toUtf8Bytes(encodedPayload)).digest());
}

/**
 * The HMACs of payloads that arrived with a genuine signature. A multipart upload presents the same
 * token for every part, so each is computed once per secret instead of once per part. Only what
 * the server computed is kept, keyed by the (public) payload text and stored only after a
 * signature matched, so a forgery never enters and never evicts; the presented signature is still
 * compared in constant time against every secret's value, and the payload is still parsed and its
 * expiry checked on every request.
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

export interface SignedTokenOptions {
  /** Longest token accepted; anything longer is `malformed` before any work. */
  maxLength: number;
  /** Keep the HMACs of genuine payloads (tokens presented many times, such as multipart's). */
  rememberGenuine: boolean;
}

export interface SignedTokenCodec {
  sign(payload: object): Promise<string>;
  /** The decoded payload of a genuine token; otherwise a 403 `Invalid upload token`, `malformed` or `bad_signature`. */
  open(token: unknown): Promise<unknown>;
}

/**
 * `secrets[0]` signs every new token; every entry verifies, so a secret can be rotated without
 * failing the uploads in flight: put the new one first and drop the old one after the resume window.
 */
export function createSignedTokenCodec(secrets: UploadTokenSecrets, options: SignedTokenOptions): SignedTokenCodec {
  const keys = secrets.map(keyWith);
  const signingKey = keys[0]!;
  const genuineSignatures = options.rememberGenuine ? new GenuineSignatureMemo() : undefined;

  /** The signature each secret gives the payload, computed once per genuine payload (see GenuineSignatureMemo). */
  function expectedSignatures(encodedPayload: string): { signatures: readonly string[]; remembered: boolean } {
    const remembered = genuineSignatures?.get(encodedPayload);
    if (remembered) return { signatures: remembered, remembered: true };
    return { signatures: keys.map((key) => signatureWith(key, encodedPayload)), remembered: false };
  }

  /** Every secret's signature is compared (no early exit), so the time taken does not tell which secret matched. */
  function matchesAnySecret(encodedPayload: string, signature: string): boolean {
    const { signatures, remembered } = expectedSignatures(encodedPayload);
    const presented = toUtf8Bytes(signature);
    let matched = false;
    for (const expected of signatures) {
      if (timingSafeEqual(presented, toUtf8Bytes(expected))) matched = true;
    }
    if (matched && !remembered) genuineSignatures?.set(encodedPayload, signatures);
    return matched;
  }

  return {
    async sign(payload) {
      const encodedPayload = toBase64Url(toUtf8Bytes(JSON.stringify(payload)));
      return `${encodedPayload}.${signatureWith(signingKey, encodedPayload)}`;
    },

    async open(token) {
      if (typeof token !== 'string' || token.length === 0) throw refuseToken('malformed', 'missing or not a string');
      if (token.length > options.maxLength) throw refuseToken('malformed', 'longer than any token this server issues');
      const parts = token.split('.');
      if (parts.length !== 2 || parts[0] === '' || parts[1] === '') throw refuseToken('malformed', 'not two dot-separated parts');
      const [encodedPayload, signature] = parts as [string, string];
      if (!BASE64URL_TEXT.test(encodedPayload) || !BASE64URL_TEXT.test(signature)) throw refuseToken('malformed', 'not base64url');
      if (!matchesAnySecret(encodedPayload, signature)) throw refuseToken('bad_signature', 'signature mismatch');
      try {
        const payloadBytes = fromBase64Url(encodedPayload);
        if (!payloadBytes) throw new Error('not base64url');
        return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(payloadBytes)) as unknown;
      } catch {
        throw refuseToken('malformed', 'signed payload is not JSON');
      }
    },
  };
}
