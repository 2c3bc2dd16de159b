/**
 * The shapes of a file added by reference (`addRemoteFiles`, see remote-files.ts): what the caller
 * hands over, what its transfer is given and answers, and what the engine keeps on the entry.
 */
import type { RequestContext } from './http.js';
import type { RemoteFileReference, UploadFailure } from '../core/types.js';

/** What a server-side transfer answers once the object is stored. */
export interface RemoteTransferResult {
  key: string;
  /** Bytes actually stored (the source may not have stated a size beforehand). */
  size: number;
  name?: string;
  type?: string;
  downloadUrl?: string;
  publicUrl?: string;
}

export interface RemoteTransferContext {
  /** Aborted on pause, cancel, removal or reset, like any upload attempt. */
  signal: AbortSignal;
  /** Headers (`requestHeaders`) for requests to the server, bound to `signal`. */
  requestContext(): Promise<RequestContext>;
  /**
   * The error to throw for a failure with a known code (`throw context.failure({...})`); anything
   * else thrown counts as a retryable network error.
   */
  failure(failure: UploadFailure): Error;
}

/** A file to add by reference; `transfer` runs one attempt and throws on failure. */
export interface RemoteFileInput {
  name: string;
  /** Bytes as the source reports them; 0 or absent when it states none (e.g. exported documents). */
  size?: number;
  type?: string;
  lastModified?: number;
  reference: RemoteFileReference;
  transfer(context: RemoteTransferContext): Promise<RemoteTransferResult>;
}

/** The engine's hold on a remote file, kept on its entry. */
export interface RemoteSource {
  reference: RemoteFileReference;
  transfer: RemoteFileInput['transfer'];
}
