/** A rule of the fault-injecting proxy: which storage request, and what happens to it. */
export interface FaultRule {
  match: 'put' | 'part' | 'create' | 'complete' | 'list-parts' | 'head' | 'marker';
  side?: 'browser' | 'handler';
  partNumber?: number;
  /** `hold-answer`: forwarded, and storage's answer is kept until `releaseHeld()` (storage has acted on it meanwhile). */
  fault: 'reset' | 'drop-mid-body' | 'hang' | '500' | '503-retry-after' | 'slow-down' | 'flip-byte' | 'list-checksums' | 'echo-checksum' | 'hold-answer';
  times?: number;
  /** `list-checksums`: the digest each part number is listed with, as AWS S3 lists them. */
  checksums?: Record<string, { algorithm: 'CRC32' | 'CRC32C' | 'SHA256'; value: string }>;
  /** `echo-checksum`: storage's answer gains `x-amz-checksum-<algorithm>` of the body received, as AWS S3 answers. */
  algorithm?: 'CRC32' | 'CRC32C' | 'SHA256';
}
export interface FaultProxy {
  endpoint: string;
  /** `<side> <kind>[ <part>][ <fault>][ <storage status of a forwarded, changed request>]`, in order. */
  log: string[];
  /** The request headers of each `log` entry, lower-case names. */
  headers: Array<Record<string, string | string[] | undefined>>;
  /** The body of each CompleteMultipartUpload `log` entry (undefined for other requests). */
  bodies: Array<string | undefined>;
  /** With `digestBodies`: the base64 CRC32, CRC32C and SHA-256 of each PUT body that passed (undefined for other requests). */
  digests: Array<{ CRC32: string; CRC32C: string; SHA256: string } | undefined>;
  /** Resolves once a `hold-answer` rule holds storage's answer. */
  held(): Promise<void>;
  /** Sends the held answers on and lets later ones through. */
  releaseHeld(): void;
  unfired(): string[];
  close(): Promise<void>;
}
export function startFaultProxy(upstream: string, rules: FaultRule[], options?: { digestBodies?: boolean }): Promise<FaultProxy>;
