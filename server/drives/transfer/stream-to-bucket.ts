/**
 * Writes a drive download into the bucket without holding the file: a file that fits in one part
 * (5 MiB) is written with one PUT; anything longer becomes a multipart upload, one part uploading
 * while the next is read. Parts are 5 MiB, larger only when the provider-reported size needs it to
 * fit 10,000 parts, and never above 64 MiB, so a transfer holds at most three parts (192 MiB).
 * A failure, including crossing `maxFileSize`, a timeout or the client going away, aborts the
 * multipart upload: nothing is persisted. Once every byte is read, the commit (the single PUT, or
 * CompleteMultipartUpload) no longer follows the client: it completes, and the route's hooks run. Every PUT and part carries its `Content-MD5`, so
 * storage checks that it stored the bytes this server read; with the bucket's
 * `storage.checksumAlgorithm`, also its `x-amz-checksum-<algorithm>` (the SDK computes it), and
 * the multipart upload is opened with that algorithm and names each part's digest at complete,
 * as browser uploads do, so a bucket whose policy requires that checksum accepts transfers too.
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  type CompletedPart,
  type S3Client,
  type UploadPartCommandOutput,
} from '@aws-sdk/client-s3';
import { amzChecksumCommandField, type AmzChecksumAlgorithm } from '../../internal/amz-checksum.js';
import { md5Base64 } from '../../internal/md5-base64.js';
import { detachedStorageCall, STORAGE_COMMIT_TIMEOUT_MS } from '../../internal/routes/storage-call.js';
import { readListedChecksum } from '../../internal/multipart-checksum.js';
import { toCallSignal, withoutClientSignal, type UpstreamLimits } from '../upstream-limits.js';
import { retryBadDigest } from './bad-digest-retry.js';
import { MAX_PARTS, MAX_TRANSFER_PART_SIZE } from './limits.js';
import { createPartReader, type PartReader } from './part-reader.js';

/**
 * The single-PUT threshold and the part size of drive transfers; the S3 minimum part size.
 * @internal Exported for tests.
 */
export const TRANSFER_PART_SIZE = 5 * 1024 * 1024;

/** The file needs more than 10,000 parts of the size chosen for it (413, not a failure of ours). */
export class TransferTooLargeError extends Error {
  constructor(readonly partSize: number) {
    super(`the drive file needs more than ${MAX_PARTS} parts of ${partSize} bytes`);
  }
}

export interface BucketObject {
  client: S3Client;
  bucket: string;
  key: string;
  contentType: string;
  /** The bucket's `storage.checksumAlgorithm`: every write also carries that digest. */
  checksumAlgorithm?: AmzChecksumAlgorithm | undefined;
}

export interface StreamToBucketOptions {
  /** Bytes, when the provider states them; sizes the parts so 10,000 of them hold the file. */
  expectedSize: number | undefined;
  /** `maxFileSize`: counted on the bytes actually streamed. */
  maxBytes: number | undefined;
  /** For benchmarks; transfers always use 5 MiB. */
  partSize?: number;
  /**
   * The client's signal and the per-call timeout: every S3 request and every wait for download
   * bytes is bounded by both. Without it (benchmarks) nothing is bounded.
   */
  limits?: UpstreamLimits;
}

export interface StoredObject {
  size: number;
  etag: string | undefined;
  /** Parts written; 0 for a single PUT. */
  parts: number;
}

/** Storage may answer an empty ETag on complete (Ceph RGW); that is "unknown", not a value. */
function toEtag(value: string | undefined): string | undefined {
  return value ? value : undefined;
}

function choosePartSize(options: StreamToBucketOptions): number {
  const base = options.partSize ?? TRANSFER_PART_SIZE;
  if (options.expectedSize === undefined) return base;
  return Math.min(MAX_TRANSFER_PART_SIZE, Math.max(base, Math.ceil(options.expectedSize / MAX_PARTS)));
}

/**
 * The `ChecksumAlgorithm` of a PutObject or UploadPart: the SDK then computes that digest of the
 * body and sends it as `x-amz-checksum-<algorithm>` (its `WHEN_REQUIRED` setting computes none
 * unless asked like this).
 */
function checksumField(algorithm: AmzChecksumAlgorithm | undefined): { ChecksumAlgorithm?: AmzChecksumAlgorithm } {
  return algorithm ? { ChecksumAlgorithm: algorithm } : {};
}

/**
 * The part for CompleteMultipartUpload: with an algorithm, the digest storage answered the part
 * with (AWS S3 does, and requires it named again; storage that ignores the header answers none,
 * and then none is named).
 */
function toCompletedPart(partNumber: number, answer: UploadPartCommandOutput, algorithm: AmzChecksumAlgorithm | undefined): CompletedPart {
  const checksum = readListedChecksum(answer, algorithm);
  return { PartNumber: partNumber, ETag: answer.ETag, ...(checksum ? amzChecksumCommandField(checksum) : {}) };
}

/** `send` options bounding one S3 request, or none. */
function toSendOptions(limits: UpstreamLimits | undefined): { abortSignal?: AbortSignal } {
  return limits ? { abortSignal: toCallSignal(limits) } : {};
}

export async function streamToBucket(body: ReadableStream<Uint8Array>, target: BucketObject, options: StreamToBucketOptions): Promise<StoredObject> {
  const partSize = choosePartSize(options);
  const reader = createPartReader(body, { partSize, maxBytes: options.maxBytes, idleTimeoutMs: options.limits?.timeoutMs });
  let firstPart: Uint8Array;
  try {
    firstPart = await reader.readPart();
  } catch (error) {
    await reader.cancel(error);
    throw error;
  }
  if (reader.done) {
    // The whole file is read: this PUT is the commit, and a client leaving now must not cut it
    // (the object could land without its hooks). It keeps its own timeout.
    const commitLimits = options.limits ? withoutClientSignal(options.limits) : undefined;
    const contentMd5 = md5Base64(firstPart);
    const put = await retryBadDigest(() =>
      target.client.send(
        new PutObjectCommand({
          Bucket: target.bucket,
          Key: target.key,
          Body: firstPart,
          ContentLength: firstPart.byteLength,
          ContentMD5: contentMd5,
          ContentType: target.contentType,
          ...checksumField(target.checksumAlgorithm),
        }),
        toSendOptions(commitLimits),
      ),
    );
    return { size: firstPart.byteLength, etag: toEtag(put.ETag), parts: 0 };
  }
  return writeMultipart(reader, firstPart, target, partSize, options.limits);
}

async function writeMultipart(
  reader: PartReader,
  firstPart: Uint8Array,
  target: BucketObject,
  partSize: number,
  limits: UpstreamLimits | undefined,
): Promise<StoredObject> {
  const { client, bucket, key, checksumAlgorithm } = target;
  let created;
  try {
    created = await client.send(
      new CreateMultipartUploadCommand({
        Bucket: bucket,
        Key: key,
        ContentType: target.contentType,
        // COMPOSITE, as for browser uploads: the object's checksum is made of the parts' digests.
        ...(checksumAlgorithm ? { ChecksumAlgorithm: checksumAlgorithm, ChecksumType: 'COMPOSITE' as const } : {}),
      }),
      toSendOptions(limits),
    );
  } catch (error) {
    await reader.cancel(error);
    throw error;
  }
  const uploadId = created.UploadId!;
  const completed: CompletedPart[] = [];
  let inFlight: Promise<void> | undefined;

  const uploadPart = async (partNumber: number, bytes: Uint8Array): Promise<void> => {
    const contentMd5 = md5Base64(bytes);
    const answer = await retryBadDigest(
      () =>
        client.send(
          new UploadPartCommand({
            Bucket: bucket,
            Key: key,
            UploadId: uploadId,
            PartNumber: partNumber,
            Body: bytes,
            ContentLength: bytes.byteLength,
            ContentMD5: contentMd5,
            ...checksumField(checksumAlgorithm),
          }),
          toSendOptions(limits),
        ),
      limits?.signal,
    );
    completed.push(toCompletedPart(partNumber, answer, checksumAlgorithm));
  };

  // Two part buffers, reused in turn: one uploading while the next part is read into the other.
  // Fresh buffers per part would be garbage the collector frees late (tens of MiB on a large file).
  const slots = [new Uint8Array(firstPart.byteLength), new Uint8Array(firstPart.byteLength)];
  try {
    let part = firstPart;
    for (let partNumber = 1; ; partNumber += 1) {
      if (partNumber > MAX_PARTS) throw new TransferTooLargeError(partSize);
      inFlight = uploadPart(partNumber, part);
      if (reader.done) break;
      const [next] = await Promise.all([reader.readPartInto(slots[partNumber % 2]!), inFlight]);
      inFlight = undefined;
      part = next;
      if (part.byteLength === 0 && reader.done) break;
    }
    await inFlight;
    inFlight = undefined;
    completed.sort((left, right) => left.PartNumber! - right.PartNumber!);
    // Every byte is in storage: the commit is not cut when the client leaves, and has the time a
    // large object's assembly can take (see STORAGE_COMMIT_TIMEOUT_MS).
    const done = await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: key,
        UploadId: uploadId,
        MultipartUpload: { Parts: completed },
      }),
      limits ? detachedStorageCall(STORAGE_COMMIT_TIMEOUT_MS) : {},
    );
    return { size: reader.bytesRead, etag: toEtag(done.ETag), parts: completed.length };
  } catch (error) {
    await reader.cancel(error);
    // A part still uploading could land after the abort and leave bytes behind; let it settle first.
    await inFlight?.catch(() => undefined);
    try {
      // The client may be gone already: the clean-up keeps only the timeout, not the client's signal.
      const cleanupLimits = limits ? withoutClientSignal(limits) : undefined;
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }), toSendOptions(cleanupLimits));
    } catch (abortError) {
      throw new AggregateError([error, abortError], 'the transfer failed and its multipart upload could not be aborted');
    }
    throw error;
  }
}
