/**
 * The storage calls of the upload routes, one function per S3 operation.
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { amzChecksumCommandField, amzChecksumHeader, type AmzChecksum, type AmzChecksumAlgorithm } from './amz-checksum.js';
import { CHECKSUM_SHA256_METADATA } from './checksum-metadata.js';
import { readListedChecksum } from './multipart-checksum.js';
import { presignPrepared } from './prepared-presigner.js';

/** Lifetime of every presigned PUT URL: single, part and the standalone utility's (the contract fixes 3600 s). */
export const UPLOAD_URL_EXPIRES_IN = 3600;

/** Carries the caller's abort signal (request gone, time up) into the SDK call. */
export interface StorageCallOptions {
  abortSignal?: AbortSignal;
}

export interface StoragePart {
  partNumber: number;
  eTag: string;
  size: number;
  /** The part's digest in the upload's algorithm, when storage lists it (AWS does). */
  checksum?: AmzChecksum;
}

/** A part named at completion; with a checksum algorithm, its digest too. */
export interface PartToComplete {
  partNumber: number;
  eTag: string;
  checksum?: AmzChecksum | undefined;
}

/**
 * A PUT URL that only accepts exactly `size` bytes of `type`: Content-Length is signed because
 * it is set on the command; Content-Type only because it is named in `signableHeaders`. With
 * `contentMd5` the URL also accepts only the body with that MD5: the header is signed, so the PUT
 * must carry it, and storage answers `400 BadDigest` when the bytes do not match it.
 */
export async function presignPutObject(
  client: S3Client,
  bucket: string,
  key: string,
  file: {
    type: string;
    size: number;
    contentMd5?: string | undefined;
    checksumSha256?: string | undefined;
    checksum?: AmzChecksum | undefined;
    uploadNonce?: string | undefined;
    /** Signed like Content-Type: storage refuses a PUT with other values, and stores these. */
    contentDisposition?: string | undefined;
    cacheControl?: string | undefined;
  },
  expiresIn = UPLOAD_URL_EXPIRES_IN,
) {
  const { contentMd5, checksumSha256, checksum, uploadNonce, contentDisposition, cacheControl } = file;
  const metadata: Record<string, string> = {
    ...(checksumSha256 ? { [CHECKSUM_SHA256_METADATA]: checksumSha256 } : {}),
    ...(uploadNonce ? { [UPLOAD_NONCE_METADATA]: uploadNonce } : {}),
  };
  const checksumHeader = checksum ? amzChecksumHeader(checksum.algorithm) : undefined;
  const signableHeaders = new Set([
    'content-length',
    ...(file.type ? ['content-type'] : []),
    ...(contentDisposition ? ['content-disposition'] : []),
    ...(cacheControl ? ['cache-control'] : []),
    ...(contentMd5 ? ['content-md5'] : []),
    // Signed and kept a header: a PUT without it is refused.
    ...(checksumHeader ? [checksumHeader] : []),
  ]);
  // x-amz-meta-* is moved into the query by the presigner: the browser sends no header for it.
  const headers: Record<string, string> = {
    'content-length': String(file.size),
    ...(file.type ? { 'content-type': file.type } : {}),
    ...(contentDisposition ? { 'content-disposition': contentDisposition } : {}),
    ...(cacheControl ? { 'cache-control': cacheControl } : {}),
    ...(contentMd5 ? { 'content-md5': contentMd5 } : {}),
    ...(checksum && checksumHeader ? { [checksumHeader]: checksum.value } : {}),
    ...Object.fromEntries(Object.entries(metadata).map(([name, value]) => [`x-amz-meta-${name}`, value])),
  };
  const command = () =>
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      ContentLength: file.size,
      ...(file.type ? { ContentType: file.type } : {}),
      ...(contentDisposition ? { ContentDisposition: contentDisposition } : {}),
      ...(cacheControl ? { CacheControl: cacheControl } : {}),
      ...(contentMd5 ? { ContentMD5: contentMd5 } : {}),
      ...(checksum ? amzChecksumCommandField(checksum) : {}),
      ...(Object.keys(metadata).length > 0 ? { Metadata: metadata } : {}),
    });
  // The presigner moves x-amz-* headers into the query, where S3 does not check a checksum.
  const unhoistableHeaders = checksumHeader ? new Set([checksumHeader]) : undefined;
  const uploadUrl = await presignPrepared(
    client,
    bucket,
    { method: 'PUT', key, operation: 'PutObject', headers, expiresIn, signableHeaders, ...(unhoistableHeaders ? { unhoistableHeaders } : {}) },
    () => getSignedUrl(client, command(), { expiresIn, signableHeaders, ...(unhoistableHeaders ? { unhoistableHeaders: new Set(unhoistableHeaders) } : {}) }),
  );
  // Spelled as HTTP spells them: clients written for other S3 uploaders read `uploadHeaders['Content-Type']`.
  const uploadHeaders: Record<string, string> = {
    ...(file.type ? { 'Content-Type': file.type } : {}),
    ...(contentDisposition ? { 'Content-Disposition': contentDisposition } : {}),
    ...(cacheControl ? { 'Cache-Control': cacheControl } : {}),
    ...(contentMd5 ? { 'Content-MD5': contentMd5 } : {}),
    ...(checksum && checksumHeader ? { [checksumHeader]: checksum.value } : {}),
  };
  return { uploadUrl, uploadHeaders };
}

export function presignGetObject(client: S3Client, bucket: string, key: string, expiresIn: number): Promise<string> {
  return presignPrepared(client, bucket, { method: 'GET', key, operation: 'GetObject', expiresIn }, () =>
    getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn }),
  );
}

/** Object metadata name (`x-amz-meta-svc-upload-nonce`) of the nonce bound in the upload token. */
const UPLOAD_NONCE_METADATA = 'svc-upload-nonce';

export async function createMultipartUpload(
  client: S3Client,
  bucket: string,
  key: string,
  upload: { type: string; uploadNonce: string; checksumSha256?: string | undefined; checksumAlgorithm?: AmzChecksumAlgorithm | undefined },
  options: StorageCallOptions = {},
): Promise<string> {
  const command = new CreateMultipartUploadCommand({
    Bucket: bucket,
    Key: key,
    Metadata: { [UPLOAD_NONCE_METADATA]: upload.uploadNonce, ...(upload.checksumSha256 ? { [CHECKSUM_SHA256_METADATA]: upload.checksumSha256 } : {}) },
    ...(upload.type ? { ContentType: upload.type } : {}),
    // COMPOSITE: the object's checksum is made of the parts' digests, each named again at complete.
    // It is AWS's default for these three algorithms; stated so a changed default cannot change it.
    ...(upload.checksumAlgorithm ? { ChecksumAlgorithm: upload.checksumAlgorithm, ChecksumType: 'COMPOSITE' as const } : {}),
  });
  const result = await client.send(command, options);
  if (!result.UploadId) throw new Error('storage returned no UploadId for CreateMultipartUpload');
  return result.UploadId;
}

/**
 * A part URL that only accepts exactly `contentLength` bytes: ContentLength on the command is
 * signed, so storage refuses a longer or shorter body with 403. With `contentMd5` the part's
 * `Content-MD5` is signed too, and storage refuses other bytes with `400 BadDigest`. With
 * `checksum` its `x-amz-checksum-<algorithm>` header is signed and kept a header (the presigner
 * would move it into the query, where S3 does not check it), so a PUT without it is refused.
 */
export function presignUploadPart(
  client: S3Client,
  bucket: string,
  key: string,
  part: { uploadId: string; partNumber: number; contentLength: number; contentMd5?: string | undefined; checksum?: AmzChecksum | undefined },
  expiresIn: number,
): Promise<string> {
  const { contentMd5, checksum } = part;
  const checksumHeader = checksum ? amzChecksumHeader(checksum.algorithm) : undefined;
  const signableHeaders = new Set(['content-length', ...(contentMd5 ? ['content-md5'] : []), ...(checksumHeader ? [checksumHeader] : [])]);
  const query = { partNumber: String(part.partNumber), uploadId: part.uploadId };
  const headers: Record<string, string> = {
    'content-length': String(part.contentLength),
    ...(contentMd5 ? { 'content-md5': contentMd5 } : {}),
    ...(checksum && checksumHeader ? { [checksumHeader]: checksum.value } : {}),
  };
  const command = () =>
    new UploadPartCommand({
      Bucket: bucket,
      Key: key,
      UploadId: part.uploadId,
      PartNumber: part.partNumber,
      ContentLength: part.contentLength,
      ...(contentMd5 ? { ContentMD5: contentMd5 } : {}),
      ...(checksum ? amzChecksumCommandField(checksum) : {}),
    });
  const unhoistable = checksumHeader ? { unhoistableHeaders: new Set([checksumHeader]) } : {};
  return presignPrepared(client, bucket, { method: 'PUT', key, operation: 'UploadPart', query, headers, expiresIn, signableHeaders, ...unhoistable }, () =>
    getSignedUrl(client, command(), { expiresIn, signableHeaders, ...(checksumHeader ? { unhoistableHeaders: new Set([checksumHeader]) } : {}) }),
  );
}

/**
 * Every part storage holds for the upload, following ListParts pagination (1,000 per page); with
 * `checksumAlgorithm`, each part's digest in it where storage lists one.
 */
export async function listAllParts(
  client: S3Client,
  bucket: string,
  key: string,
  uploadId: string,
  options: StorageCallOptions = {},
  checksumAlgorithm?: AmzChecksumAlgorithm,
): Promise<StoragePart[]> {
  const parts: StoragePart[] = [];
  let marker: string | undefined;
  for (;;) {
    const page = await client.send(new ListPartsCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }), options);
    for (const part of page.Parts ?? []) {
      if (part.PartNumber === undefined) continue;
      const checksum = readListedChecksum(part, checksumAlgorithm);
      parts.push({ partNumber: part.PartNumber, eTag: part.ETag ?? '', size: part.Size ?? 0, ...(checksum ? { checksum } : {}) });
    }
    const next = page.NextPartNumberMarker;
    if (!page.IsTruncated || next === undefined || next === marker) break;
    marker = String(next);
  }
  return parts.sort((left, right) => left.partNumber - right.partNumber);
}

export async function completeMultipartUpload(
  client: S3Client,
  bucket: string,
  key: string,
  uploadId: string,
  parts: readonly PartToComplete[],
  options: StorageCallOptions = {},
): Promise<string | undefined> {
  const result = await client.send(
    new CompleteMultipartUploadCommand({
      Bucket: bucket,
      Key: key,
      UploadId: uploadId,
      MultipartUpload: {
        Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.eTag, ...(part.checksum ? amzChecksumCommandField(part.checksum) : {}) })),
      },
    }),
    options,
  );
  return result.ETag || undefined;
}

export async function abortMultipartUpload(client: S3Client, bucket: string, key: string, uploadId: string, options: StorageCallOptions = {}): Promise<void> {
  await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }), options);
}

export interface StoredObjectSummary {
  size: number;
  etag: string | undefined;
  uploadNonce: string | undefined;
  contentType: string | undefined;
  /** `x-amz-meta-checksum-sha256`, when the object carries it. */
  checksumSha256: string | undefined;
  /** The object's `x-amz-checksum-*` values storage reports (AWS S3 does, with checksum mode on). */
  checksums: { CRC32?: string | undefined; CRC32C?: string | undefined; SHA256?: string | undefined };
  /** Encrypted with SSE-KMS or a customer key: then its ETag is not the MD5 of its bytes. */
  etagIsNotMd5: boolean;
}

/** Size, ETag, type, digests and upload nonce of the object under `key`; undefined when there is none. */
export async function readStoredObject(
  client: S3Client,
  bucket: string,
  key: string,
  options: StorageCallOptions = {},
  /** Ask for the `x-amz-checksum-*` values (AWS then needs kms:Decrypt for an SSE-KMS object): only when one is to be compared. */
  withChecksums = false,
): Promise<StoredObjectSummary | undefined> {
  try {
    const head = await client.send(
      new HeadObjectCommand({ Bucket: bucket, Key: key, ...(withChecksums ? { ChecksumMode: 'ENABLED' as const } : {}) }),
      options,
    );
    const encryption = head.ServerSideEncryption;
    return {
      size: head.ContentLength ?? -1,
      etag: head.ETag || undefined,
      uploadNonce: head.Metadata?.[UPLOAD_NONCE_METADATA],
      contentType: head.ContentType,
      checksumSha256: head.Metadata?.[CHECKSUM_SHA256_METADATA],
      checksums: { CRC32: head.ChecksumCRC32, CRC32C: head.ChecksumCRC32C, SHA256: head.ChecksumSHA256 },
      etagIsNotMd5: (encryption !== undefined && encryption !== 'AES256') || head.SSECustomerAlgorithm !== undefined,
    };
  } catch (error) {
    const code = errorCodeOf(error);
    if (code === 'NotFound' || code === 'NoSuchKey') return undefined;
    throw error;
  }
}

function errorCodeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { name, Code } = error as { name?: unknown; Code?: unknown };
  return typeof Code === 'string' ? Code : typeof name === 'string' ? name : undefined;
}

/**
 * The provider's "this multipart upload does not exist" signal: `NoSuchUpload` on AWS and most
 * services; Ceph RGW answers ListParts on a finished upload with `NoSuchKey`. A missing bucket
 * (`NoSuchBucket`) is a misconfiguration and deliberately not matched; neither is a bare 404.
 */
export function isDeadUploadError(error: unknown): boolean {
  const code = errorCodeOf(error);
  return code === 'NoSuchUpload' || code === 'NoSuchKey';
}

/** Complete rejected because of the parts the client named, not because storage failed. */
export function isRejectedPartsError(error: unknown): boolean {
  const code = errorCodeOf(error);
  return code === 'InvalidPart' || code === 'InvalidPartOrder' || code === 'EntityTooSmall';
}
