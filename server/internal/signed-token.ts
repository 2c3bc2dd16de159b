/**
 * The signed tokens the handler hands to clients: `base64url(JSON payload) + "." +
 * base64url(HMAC-SHA-256(payload part))`. The signature is checked (constant time, over the encoded
 * text, against every secret) before a single payload byte is decoded, so a forged payload is
 * never parsed. The multipart upload token and the single-upload completion token are both this.
 */
import { UpupError } from '../errors.js';
import { fromBase64Url, timingSafeEqual, toBase64Url, toUtf8Bytes } from './encoding.js';
import type { UploadTokenSecrets } from './upload-token-secrets.js';

export const INVALID_UPLOAD_TOKEN = 'Invalid upload token';

const BASE64URL_TEXT = /^[A-Za-z0-9_-]+$/;

export function refuseToken(code: 'malformed' | 'bad_signature' | 'expired', detail: string): UpupError {
  return new UpupError(INVALID_UPLOAD_TOKEN, code, { status: 403, cause: new Error(`upload token refused: ${detail}`) });
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
  const keys = secrets.map(importSigningKey);
  const signingKey = keys[0]!;
  const genuineSignatures = options.rememberGenuine ? new GenuineSignatureMemo() : undefined;

  /** The signature each secret gives the payload, computed once per genuine payload (see GenuineSignatureMemo). */
  async function expectedSignatures(encodedPayload: string): Promise<{ signatures: readonly string[]; remembered: boolean }> {
    const remembered = genuineSignatures?.get(encodedPayload);
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
    if (matched && !remembered) genuineSignatures?.set(encodedPayload, signatures);
    return matched;
  }

  return {
    async sign(payload) {
      const encodedPayload = toBase64Url(toUtf8Bytes(JSON.stringify(payload)));
      return `${encodedPayload}.${await signatureWith(signingKey, encodedPayload)}`;
    },

    async open(token) {
      if (typeof token !== 'string' || token.length === 0) throw refuseToken('malformed', 'missing or not a string');
      if (token.length > options.maxLength) throw refuseToken('malformed', 'longer than any token this server issues');
      const parts = token.split('.');
      if (parts.length !== 2 || parts[0] === '' || parts[1] === '') throw refuseToken('malformed', 'not two dot-separated parts');
      const [encodedPayload, signature] = parts as [string, string];
      if (!BASE64URL_TEXT.test(encodedPayload) || !BASE64URL_TEXT.test(signature)) throw refuseToken('malformed', 'not base64url');
      if (!(await matchesAnySecret(encodedPayload, signature))) throw refuseToken('bad_signature', 'signature mismatch');
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
