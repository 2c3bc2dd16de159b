/**
 * Page side of the upload benchmarks: the file they upload, made in the page.
 */

const MIB = 1024 * 1024;
/** crypto.getRandomValues fills at most 64 KiB per call. */
const RANDOM_FILL_BYTES = 65536;

/** Random bytes built 8 MiB at a time, so the page never holds the whole file in the JS heap. */
export function randomBenchFile(sizeMiB: number, namePrefix: string): File {
  const chunks: Blob[] = [];
  for (let index = 0; index < sizeMiB / 8; index += 1) {
    const bytes = new Uint8Array(8 * MIB);
    for (let offset = 0; offset < bytes.length; offset += RANDOM_FILL_BYTES) crypto.getRandomValues(bytes.subarray(offset, offset + RANDOM_FILL_BYTES));
    chunks.push(new Blob([bytes]));
  }
  return new File(chunks, `${namePrefix}-${Date.now()}.bin`, { type: 'application/octet-stream' });
}
