/**
 * The SHA-256 the AWS SDK signs requests and presigned URLs with (its `sha256` option), with HMAC
 * keys handed to Node as `KeyObject`s. On Node 24.21 (not 20.20), `createHmac` finds out whether a
 * key is a `KeyObject` or a `CryptoKey` by throwing and catching twice when it is plain bytes:
 * about 9 µs on top of a 2 µs HMAC, and every SigV4 signature is one HMAC keyed by the day's
 * signing key, which the SDK passes as bytes. That key is the same array all day (the SDK caches
 * it), so its `KeyObject` is made once and kept as long as the array is. Digests are the SDK's own,
 * byte for byte; only the key's form changes.
 *
 * Only where `node:crypto` is a built-in; elsewhere the SDK's own SHA-256 stays.
 */
import type { KeyObject } from 'node:crypto';
import { getBuiltinCrypto, type BuiltinCrypto } from './builtin-crypto.js';

type KeyMaterial = string | ArrayBuffer | ArrayBufferView;

/** What the SDK calls: `new Sha256(secret?)`, `update`, `digest`, `reset` (its `Checksum`). */
interface Sha256Checksum {
  readonly digestLength: number;
  update(chunk: Uint8Array): void;
  digest(): Promise<Uint8Array>;
  reset(): void;
}
export type Sha256Constructor = new (secret?: KeyMaterial) => Sha256Checksum;

function keyedSha256Class(crypto: BuiltinCrypto): Sha256Constructor {
  const keyObjects = new WeakMap<ArrayBuffer | ArrayBufferView, KeyObject>();
  /** A string key takes Node's fast path as it is; bytes become a `KeyObject`, made once per array. */
  const keyFor = (secret: KeyMaterial): string | KeyObject => {
    if (typeof secret === 'string') return secret;
    // An empty key is not a valid KeyObject; as a string it is the same HMAC key.
    if (secret.byteLength === 0) return '';
    let key = keyObjects.get(secret);
    if (key === undefined) {
      const bytes = ArrayBuffer.isView(secret) ? new Uint8Array(secret.buffer, secret.byteOffset, secret.byteLength) : new Uint8Array(secret);
      key = crypto.createSecretKey(bytes);
      keyObjects.set(secret, key);
    }
    return key;
  };

  return class KeyObjectSha256 implements Sha256Checksum {
    readonly digestLength = 32;
    readonly #key: string | KeyObject | undefined;
    #hash: ReturnType<BuiltinCrypto['createHash']> | ReturnType<BuiltinCrypto['createHmac']>;
    #finished = false;

    constructor(secret?: KeyMaterial) {
      this.#key = secret === undefined ? undefined : keyFor(secret);
      this.#hash = this.#start();
    }

    update(chunk: Uint8Array): void {
      if (this.#finished) throw new Error('Attempted to update an already finished hash.');
      this.#hash.update(chunk);
    }

    /** As the SDK's own: a plain hash can be read again (a copy is digested), an HMAC once. */
    digest(): Promise<Uint8Array> {
      let digest: Buffer;
      if (this.#key === undefined) {
        digest = (this.#hash as ReturnType<BuiltinCrypto['createHash']>).copy().digest();
      } else {
        this.#finished = true;
        digest = this.#hash.digest();
      }
      return Promise.resolve(new Uint8Array(digest.buffer, digest.byteOffset, digest.byteLength));
    }

    reset(): void {
      this.#hash = this.#start();
      this.#finished = false;
    }

    #start() {
      return this.#key === undefined ? crypto.createHash('sha256') : crypto.createHmac('sha256', this.#key);
    }
  };
}

let sha256: Sha256Constructor | null | undefined;

/** The SHA-256 to give the SDK's clients, or undefined to keep the SDK's own. */
export function getKeyObjectSha256(): Sha256Constructor | undefined {
  if (sha256 === undefined) {
    const crypto = getBuiltinCrypto();
    sha256 = crypto ? keyedSha256Class(crypto) : null;
  }
  return sha256 ?? undefined;
}
