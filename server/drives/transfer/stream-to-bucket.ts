/**
 * Writes a drive download into the bucket without holding the file: a file that fits in one part
 * (5 MiB) is written with one PUT; anything longer becomes a multipart upload of 5 MiB parts, one
 * part uploading while the next is read, so memory stays near two parts whatever the file size.
 * A failure, including crossing `maxFileSize`, aborts the multipart upload: nothing is persisted.
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  type CompletedPart,
  type S3Client,
} from '@aws-sdk/client-s3';
import { createPartReader, type PartReader } from './part-reader.js';

/** The single-PUT threshold and the part size of drive transfers; the S3 minimum part size. */
export const TRANSFER_PART_SIZE = 5 * 1024 * 1024;
const MAX_PARTS = 10_000;

export interface BucketObject {
  client: S3Client;
  bucket: string;
  key: string;
  contentType: string;
}

export interface StreamToBucketOptions {
  /** Bytes, when the provider states them; sizes the parts so 10,000 of them hold the file. */
  expectedSize: number | undefined;
  /** `maxFileSize`: counted on the bytes actually streamed. */
  maxBytes: number | undefined;
  /** For benchmarks; transfers always use 5 MiB. */
  partSize?: number;
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
  return Math.max(base, Math.ceil(options.expectedSize / MAX_PARTS));
}

export async function streamToBucket(body: ReadableStream<Uint8Array>, target: BucketObject, options: StreamToBucketOptions): Promise<StoredObject> {
  const partSize = choosePartSize(options);
  const reader = createPartReader(body, partSize, options.maxBytes);
  let firstPart: Uint8Array;
  try {
    firstPart = await reader.readPart();
  } catch (error) {
    await reader.cancel(error);
    throw error;
  }
  if (reader.done) {
    const put = await target.client.send(new PutObjectCommand({
      Bucket: target.bucket,
      Key: target.key,
      Body: firstPart,
      ContentLength: firstPart.byteLength,
      ContentType: target.contentType,
    }));
    return { size: firstPart.byteLength, etag: toEtag(put.ETag), parts: 0 };
  }
  return writeMultipart(reader, firstPart, target);
}

async function writeMultipart(reader: PartReader, firstPart: Uint8Array, target: BucketObject): Promise<StoredObject> {
  const { client, bucket, key } = target;
  const created = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: target.contentType }));
  const uploadId = created.UploadId!;
  const completed: CompletedPart[] = [];
  let inFlight: Promise<void> | undefined;

  const uploadPart = async (partNumber: number, bytes: Uint8Array): Promise<void> => {
    const answer = await client.send(new UploadPartCommand({
      Bucket: bucket,
      Key: key,
      UploadId: uploadId,
      PartNumber: partNumber,
      Body: bytes,
      ContentLength: bytes.byteLength,
    }));
    completed.push({ PartNumber: partNumber, ETag: answer.ETag });
  };

  // Two part buffers, reused in turn: one uploading while the next part is read into the other.
  // Fresh buffers per part would be garbage the collector frees late (tens of MiB on a large file).
  const slots = [new Uint8Array(firstPart.byteLength), new Uint8Array(firstPart.byteLength)];
  try {
    let part = firstPart;
    for (let partNumber = 1; ; partNumber += 1) {
      if (partNumber > MAX_PARTS) throw new Error(`the file needs more than ${MAX_PARTS} parts`);
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
    const done = await client.send(new CompleteMultipartUploadCommand({
      Bucket: bucket,
      Key: key,
      UploadId: uploadId,
      MultipartUpload: { Parts: completed },
    }));
    return { size: reader.bytesRead, etag: toEtag(done.ETag), parts: completed.length };
  } catch (error) {
    await reader.cancel(error);
    // A part still uploading could land after the abort and leave bytes behind; let it settle first.
    await inFlight?.catch(() => undefined);
    try {
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }));
    } catch (abortError) {
      throw new AggregateError([error, abortError], 'the transfer failed and its multipart upload could not be aborted');
    }
    throw error;
  }
}
