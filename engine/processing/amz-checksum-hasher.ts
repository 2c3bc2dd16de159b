/**
 * Incremental hashers for the `x-amz-checksum-*` algorithms (`checksumAlgorithm`): hash-wasm's
 * CRC32 (with the Castagnoli polynomial for CRC32C) and SHA-256. Where a Content-Security-Policy
 * refuses WebAssembly, plain JS takes over: a table CRC and @noble/hashes' SHA-256. The digest is
 * the bytes S3 expects in base64: a CRC as its 4 big-endian bytes.
 */
import { createCRC32, createSHA256 } from 'hash-wasm';
import type { ContentChecksum } from '../../protocol/wire.js';

export type AmzChecksumAlgorithm = ContentChecksum['algorithm'];

export interface IncrementalHasher {
  update(bytes: Uint8Array): unknown;
  digest(): Uint8Array;
}

const CRC32_POLYNOMIAL = 0xedb88320;
const CRC32C_POLYNOMIAL = 0x82f63b78;

function crcTable(polynomial: number): Uint32Array {
  const table = new Uint32Array(256);
  for (let index = 0; index < 256; index += 1) {
    let value = index;
    for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? (value >>> 1) ^ polynomial : value >>> 1;
    table[index] = value >>> 0;
  }
  return table;
}

/** Plain-JS CRC, one table lookup per byte. */
function createTableCrc(polynomial: number): IncrementalHasher {
  const table = crcTable(polynomial);
  let crc = 0xffffffff;
  return {
    update(bytes) {
      for (const byte of bytes) crc = table[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
    },
    digest() {
      const value = (crc ^ 0xffffffff) >>> 0;
      return Uint8Array.of(value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);
    },
  };
}

async function createWasmHasher(algorithm: AmzChecksumAlgorithm): Promise<IncrementalHasher> {
  const hasher = algorithm === 'SHA256' ? await createSHA256() : await createCRC32(algorithm === 'CRC32C' ? CRC32C_POLYNOMIAL : CRC32_POLYNOMIAL);
  return { update: (bytes) => hasher.update(bytes), digest: () => hasher.digest('binary') };
}

export async function createAmzChecksumHasher(algorithm: AmzChecksumAlgorithm): Promise<IncrementalHasher> {
  try {
    return await createWasmHasher(algorithm);
  } catch {
    if (algorithm !== 'SHA256') return createTableCrc(algorithm === 'CRC32C' ? CRC32C_POLYNOMIAL : CRC32_POLYNOMIAL);
    const { sha256 } = await import('@noble/hashes/sha2.js');
    return sha256.create();
  }
}
