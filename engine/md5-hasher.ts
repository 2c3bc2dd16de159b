/**
 * MD5 through hash-wasm (WebAssembly, incremental). Only `content-md5.ts` imports this module,
 * and only dynamically, so pages that leave `checksumVerification` off never download it.
 */
import { createMD5 } from 'hash-wasm';

export interface Md5Hasher {
  update(bytes: Uint8Array): void;
  /** The 16-byte digest; the hasher is spent afterwards. */
  digest(): Uint8Array;
}

export async function createMd5Hasher(): Promise<Md5Hasher> {
  const hasher = await createMD5();
  hasher.init();
  return {
    update: (bytes) => {
      hasher.update(bytes);
    },
    digest: () => hasher.digest('binary'),
  };
}
