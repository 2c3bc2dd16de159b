/**
 * What one drive transfer can write. Its own module: the route options check a host's cap against
 * it without importing the transfer itself.
 */

/** The largest part a transfer buffers (three of them at most are alive at once). */
export const MAX_TRANSFER_PART_SIZE = 64 * 1024 * 1024;
/** S3's most parts in one multipart upload. */
export const MAX_PARTS = 10_000;
/** The largest file a transfer can write: 10,000 parts of 64 MiB (625 GiB). */
export const MAX_TRANSFER_BYTES = MAX_PARTS * MAX_TRANSFER_PART_SIZE;
