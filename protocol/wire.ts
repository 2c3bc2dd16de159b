/**
 * The bodies that travel between the browser (engine and element) and the upload handler, one
 * declaration per shape, as the handler sends them. Both sides import these types; the module holds
 * types only, so it adds no code to either side and ties neither to the other's runtime.
 *
 * A client still checks every answer before acting on it (engine/upload/handler-answers.ts): these types
 * say what a well-behaved handler sends, not what the network delivers.
 */

/** Any refusal: one human-readable line and, for the cases a client acts on, a stable code. */
export interface FailureBody {
  error: string;
  code?: string;
}

/** Request of `POST /presign`, and the base of `/multipart/init`. */
export interface FileMetadata {
  name: string;
  /** MIME type; may be empty. */
  type: string;
  /** Bytes. */
  size: number;
  /**
   * Passed to `keyStrategy` and a storage resolver; the handler reads only `checksumSha256` (hex
   * SHA-256 of the file), stored on the object as `checksum-sha256` metadata.
   */
  metadata?: Record<string, unknown>;
  /**
   * Base64 MD5 of the whole body (24 characters). `/presign` signs it into the PUT as
   * `Content-MD5`, so storage refuses other bytes (`400 BadDigest`); `/multipart/init` checks its
   * form only.
   */
  contentMd5?: string;
  /**
   * Base64 digest of the whole body in an `x-amz-checksum-*` algorithm (CRC32 and CRC32C: the
   * 4 big-endian bytes; SHA256: the 32 bytes). `/presign` signs it into the PUT as
   * `x-amz-checksum-<algorithm>` when the bucket's `checksumAlgorithm` is the same algorithm
   * (and returns it in `uploadHeaders`); otherwise its form is checked and it is not used.
   */
  checksum?: ContentChecksum;
}

export interface ContentChecksum {
  algorithm: 'CRC32' | 'CRC32C' | 'SHA256';
  value: string;
}

/** Answer of `POST /presign` (and of `s3GeneratePresignedUrl` behind a token endpoint). */
export interface PresignedUrlResponse {
  key: string;
  publicUrl?: string;
  downloadUrl?: string;
  uploadUrl: string;
  /** Headers the PUT must carry, names spelled as HTTP does (`Content-Type`). */
  uploadHeaders?: Record<string, string>;
  /** Seconds the upload URL stays valid. */
  expiresIn: number;
  /**
   * Present from the handler when it has an `uploadTokenSecret`: after the PUT succeeded, send it
   * to `POST /complete` so the server checks the object and hears about it. Opaque.
   */
  completionToken?: string;
  /**
   * With a `completionToken`: `'background'` when the handler has no verdict to give
   * (`verifyUpload`), so the client may count the file uploaded once storage stored it and send
   * /complete without waiting for it. Absent: the client waits for /complete's answer.
   */
  completionMode?: 'background';
}

/** Request of `POST /complete`, after the PUT of a single upload succeeded. */
export interface CompleteUploadRequest {
  /** The `completionToken` of the /presign answer, verbatim. */
  token: string;
}

/** Answer of `POST /complete`: the same shape as /multipart/complete's. */
export type CompleteUploadResponse = MultipartCompleteResponse;

/** Request of `POST /multipart/init`. */
export interface MultipartInitRequest extends FileMetadata {
  /** The part size the client would like; the handler decides (`partSize` in the answer). */
  chunkSizeBytes?: number;
  /**
   * The `x-amz-checksum-*` algorithm the client will send each part's digest in. Bound into the
   * upload when it is the bucket's `checksumAlgorithm` (the answer then names it); another one,
   * or a bucket without one, opens the upload without (the answer does not name it). An unknown
   * name is 400 `Invalid content digest`.
   */
  checksumAlgorithm?: ContentChecksum['algorithm'];
  /**
   * Sign this many of the first part URLs into the answer (`parts`), a whole number from 1 to 16;
   * anything else is 400 `Invalid file metadata`. Ignored when the upload is opened with a
   * checksum algorithm (each part URL then needs that part's digest).
   */
  signParts?: number;
}

/** A part URL signed at init, exactly as `/multipart/sign-part` would sign it without digests. */
export interface InitPartUrl extends MultipartSignPartResponse {
  partNumber: number;
}

export interface MultipartInitResponse {
  key: string;
  uploadId: string;
  partSize: number;
  /** Seconds the upload token stays valid. */
  expiresIn: number;
  /** Opaque; sent back verbatim on every continuation. */
  token: string;
  /**
   * Present when the upload was opened with this `x-amz-checksum-*` algorithm: every sign-part
   * and every completed part must then carry that part's `checksum` in it.
   */
  checksumAlgorithm?: ContentChecksum['algorithm'];
  /**
   * Only when the request named `signParts` and no checksum algorithm was bound: the URLs of
   * parts 1 to `min(signParts, part count)`, in order.
   */
  parts?: InitPartUrl[];
}

export interface MultipartSignPartRequest {
  token: string;
  partNumber: number;
  /** Base64 MD5 of this part's bytes: signed into the part URL as `Content-MD5`. */
  contentMd5?: string;
  /**
   * This part's digest in the upload's `checksumAlgorithm`: required when the upload was opened
   * with one, refused otherwise. Signed into the part URL as `x-amz-checksum-<algorithm>`.
   */
  checksum?: ContentChecksum;
}

export interface MultipartSignPartResponse {
  /** Accepts exactly this part's bytes (Content-Length is signed; the browser sets it). */
  uploadUrl: string;
  /**
   * The headers the PUT must carry: `Content-MD5` when the request named a `contentMd5`, and
   * `x-amz-checksum-<algorithm>` when it named a `checksum`; absent when neither.
   */
  uploadHeaders?: Record<string, string>;
  /** Seconds: `min(3600, token exp − now)`, at least 1. */
  expiresIn: number;
}

/** A part as the client reports it at completion. */
export interface CompletedPart {
  partNumber: number;
  eTag: string;
  /** The part's digest in the upload's `checksumAlgorithm` (the one its URL was signed with): required then, refused otherwise. */
  checksum?: ContentChecksum;
}

export interface MultipartCompleteRequest {
  token: string;
  parts: CompletedPart[];
}

export interface MultipartCompleteResponse {
  key: string;
  publicUrl?: string;
  downloadUrl?: string;
  /** Present when storage supplied one. */
  etag?: string;
}

/** Request of `POST /multipart/abort` and `POST /multipart/resume`. */
export interface MultipartTokenRequest {
  token: string;
}

export interface MultipartAbortResponse {
  ok: true;
}

/** A part storage holds, as `/multipart/resume` lists it: this handler always states its size. */
export interface UploadedPart extends CompletedPart {
  size: number;
}

export interface MultipartResumeResponse {
  key: string;
  /** A fresh token for the same upload, with a new expiry. */
  token: string;
  /** Each part's `checksum` is present when storage lists one (AWS S3 does; Ceph RGW does not). */
  parts: UploadedPart[];
  /** The upload's `x-amz-checksum-*` algorithm, when it was opened with one. */
  checksumAlgorithm?: ContentChecksum['algorithm'];
}

/** Wire slugs of the cloud drives, used in `/auth/:provider` and `/files/:provider`. */
export type DriveProviderSlug = 'google-drive' | 'one-drive' | 'dropbox' | 'box';

/** One entry of `GET /files/:provider`. */
export interface DriveFileEntry {
  id: string;
  name: string;
  size?: number;
  mimeType?: string;
  thumbnailUrl?: string;
  isFolder: boolean;
  modifiedAt?: string;
}

/** Answer of `GET /files/:provider`. */
export interface DriveListResponse {
  provider: DriveProviderSlug;
  files: DriveFileEntry[];
  /** Present when the folder or search has more entries: pass it back as `cursor`. */
  nextCursor?: string;
}

/** 401 of a drive route whose stored tokens are missing, expired or revoked: sign in again. */
export interface DriveReauthBody {
  reauth: true;
  provider: DriveProviderSlug;
}

/** Request of `POST /files/:provider/transfer`. */
export interface DriveTransferRequest {
  fileId: string;
  /** Overrides the provider's name. */
  fileName?: string;
  /** Declared bytes, used only for the early size check. */
  size?: number;
  /** Checked against `allowedTypes`. */
  mimeType?: string;
}

/** Answer of `POST /files/:provider/transfer`. */
export interface DriveTransferResponse {
  provider: DriveProviderSlug;
  key: string;
  name: string;
  /** Bytes actually transferred. */
  size: number;
  type: string;
  /** Signed download URL of the stored object. */
  url: string;
}
