import { createMD5, createSHA256 } from 'hash-wasm';
const MIB = 1024 * 1024;
async function micro(sizeMiB: number) {
  const bytes = new Uint8Array(sizeMiB * MIB);
  for (let o = 0; o < bytes.length; o += 65536) crypto.getRandomValues(bytes.subarray(o, o + 65536));
  const file = new File([bytes], 'x.bin');
  const out: Record<string, number> = {};
  const slice = 8 * MIB;
  let t = performance.now();
  for (let o = 0; o < file.size; o += slice) await file.slice(o, o + slice).arrayBuffer();
  out.read = performance.now() - t;
  const md5 = await createMD5(); const sha = await createSHA256();
  t = performance.now();
  for (let o = 0; o < file.size; o += slice) { md5.init(); md5.update(new Uint8Array(await file.slice(o, o + slice).arrayBuffer())); md5.digest(); }
  out.readMd5 = performance.now() - t;
  t = performance.now();
  sha.init();
  for (let o = 0; o < file.size; o += slice) sha.update(new Uint8Array(await file.slice(o, o + slice).arrayBuffer()));
  sha.digest();
  out.readSha256Wasm = performance.now() - t;
  t = performance.now();
  sha.init();
  for (let o = 0; o < file.size; o += slice) { const b = new Uint8Array(await file.slice(o, o + slice).arrayBuffer()); sha.update(b); md5.init(); md5.update(b); md5.digest(); }
  sha.digest();
  out.readSha256AndMd5 = performance.now() - t;
  t = performance.now();
  for (let o = 0; o < file.size; o += slice) await crypto.subtle.digest('SHA-256', await file.slice(o, o + slice).arrayBuffer());
  out.readWebCryptoPerSlice = performance.now() - t;
  return out;
}
Object.assign(window, { micro });
