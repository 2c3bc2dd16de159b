/**
 * Base64 MD5 of bytes the server itself sends to storage (drive transfers), for `Content-MD5`.
 * WebCrypto has no MD5, and a static `node:crypto` import would stop the handler from loading on
 * workerd without `nodejs_compat`: so node's crypto is used where the runtime offers it as a
 * built-in (Node, Bun, Deno: several times faster), and a small audited pure-JS MD5 elsewhere.
 */
import { md5 } from '@noble/hashes/legacy.js';
import { getBuiltinCrypto } from './builtin-crypto.js';

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function md5Base64(bytes: Uint8Array): string {
  const crypto = getBuiltinCrypto();
  return crypto ? crypto.createHash('md5').update(bytes).digest('base64') : toBase64(md5(bytes));
}
