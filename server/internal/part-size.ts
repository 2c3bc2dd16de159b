const MIB = 1024 * 1024;
/** S3's smallest part (except the last one). */
const MIN_PART_SIZE = 5 * MIB;
/** S3's largest part. */
const MAX_PART_SIZE = 5 * 1024 * MIB;
/** S3's part count limit. */
export const MAX_PARTS = 10_000;

/**
 * `max(requested or 5 MiB, 5 MiB, ceil(size / 10,000))`: a request below 5 MiB is raised
 * silently, and the part count never exceeds 10,000. A request above 5 GiB is lowered to S3's
 * largest part size.
 */
export function computePartSize(size: number, requested: number | undefined): number {
  const wanted = Math.min(Math.ceil(requested ?? MIN_PART_SIZE), MAX_PART_SIZE);
  return Math.max(wanted, MIN_PART_SIZE, Math.ceil(size / MAX_PARTS));
}

/**
 * How many parts a file of `size` bytes has: at least one, so an empty file is one empty part
 * (S3 accepts a single part of any size, including zero).
 */
export function countParts(size: number, partSize: number): number {
  return Math.max(1, Math.ceil(size / partSize));
}

/** The exact byte length of part `partNumber` (1-based): `partSize`, except the last part, which holds the remainder. */
export function partLength(partNumber: number, size: number, partSize: number): number {
  const start = (partNumber - 1) * partSize;
  return Math.max(0, Math.min(partSize, size - start));
}
