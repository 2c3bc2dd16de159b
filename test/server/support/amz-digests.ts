/**
 * The `x-amz-checksum-*` digests as S3 expects them (base64 of the digest's bytes, a CRC as its 4
 * big-endian bytes), computed independently of the engine and the handler.
 */
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';

export type Algorithm = 'CRC32' | 'CRC32C' | 'SHA256';

/** CRC32C (Castagnoli, reflected 0x82F63B78), bit by bit: slow and obviously right. */
export function crc32c(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0x82f63b78 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function bigEndianBase64(value: number): string {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes.toString('base64');
}

export function digestOf(algorithm: Algorithm, bytes: Uint8Array): string {
  if (algorithm === 'CRC32') return bigEndianBase64(crc32(bytes));
  if (algorithm === 'CRC32C') return bigEndianBase64(crc32c(bytes));
  return createHash('sha256').update(bytes).digest('base64');
}
