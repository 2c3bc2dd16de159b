/**
 * A bucket lifecycle rule that aborts multipart uploads nobody finished. An upload a browser
 * abandons (a closed tab, a lost laptop) keeps its parts, and the bill for them, until someone
 * aborts it; the handler cannot, because it keeps no list of open uploads. Storage can: S3's
 * `AbortIncompleteMultipartUpload` reaps them a whole number of days after they began.
 */
import { GetBucketLifecycleConfigurationCommand, PutBucketLifecycleConfigurationCommand, type LifecycleRule } from '@aws-sdk/client-s3';
import { createConfigError } from './errors.js';
import { DEFAULT_RESUME_WINDOW_SECONDS } from './internal/settings.js';
import { assertUsableStorage, getS3Client } from './internal/storage-config.js';
import type { StorageConfig } from './types.js';

const SECONDS_PER_DAY = 86_400;
const DEFAULT_RULE_ID = 'svc-uploader-abort-incomplete-multipart-uploads';
const LIFECYCLE_REQUEST_TIMEOUT_MS = 15_000;

export interface IncompleteUploadLifecycleOptions {
  /** The handler's `multipartResumeWindowSeconds`; default 86400, like the handler. */
  resumeWindowSeconds?: number;
  /** Only uploads under this key prefix; default every key in the bucket. */
  prefix?: string;
  /** Rule id; applying again replaces the rule with this id and keeps every other rule. */
  id?: string;
}

/**
 * Whole days, at least one, rounded up from the resume window: storage never reaps an upload the
 * handler would still resume. A window of 0 (resume disabled) still leaves a token's hour to finish,
 * which one day covers.
 */
function daysAfterInitiation(resumeWindowSeconds: unknown): number {
  const window = resumeWindowSeconds ?? DEFAULT_RESUME_WINDOW_SECONDS;
  if (typeof window !== 'number' || !Number.isSafeInteger(window) || window < 0) {
    throw createConfigError(`resumeWindowSeconds must be a whole number of seconds >= 0; got ${String(window)}`);
  }
  return Math.max(1, Math.ceil(window / SECONDS_PER_DAY));
}

/** The rule, for hosts that manage lifecycle configuration themselves (Terraform, a console, their own S3 call). */
export function createIncompleteUploadLifecycleRule(options: IncompleteUploadLifecycleOptions = {}): LifecycleRule {
  const prefix = options.prefix ?? '';
  if (typeof prefix !== 'string') throw createConfigError('prefix must be a string');
  const id = options.id ?? DEFAULT_RULE_ID;
  if (typeof id !== 'string' || id === '' || id.length > 255) throw createConfigError('id must be a non-empty string of at most 255 characters');
  return {
    ID: id,
    Status: 'Enabled',
    Filter: { Prefix: prefix },
    AbortIncompleteMultipartUpload: { DaysAfterInitiation: daysAfterInitiation(options.resumeWindowSeconds) },
  };
}

function isMissingLifecycleConfiguration(error: unknown): boolean {
  const name = (error as { name?: unknown; Code?: unknown } | null)?.name;
  return name === 'NoSuchLifecycleConfiguration';
}

/**
 * Adds the rule to the bucket's lifecycle configuration (replacing a rule with the same id, keeping
 * the others) and returns it. Needs `s3:GetLifecycleConfiguration` and `s3:PutLifecycleConfiguration`;
 * run it once at deploy time, not per request.
 */
export async function applyIncompleteUploadLifecycleRule(storage: StorageConfig, options: IncompleteUploadLifecycleOptions = {}): Promise<LifecycleRule> {
  assertUsableStorage(storage);
  const rule = createIncompleteUploadLifecycleRule(options);
  const client = getS3Client(storage);
  let existing: LifecycleRule[] = [];
  try {
    const current = await client.send(new GetBucketLifecycleConfigurationCommand({ Bucket: storage.bucket }), {
      abortSignal: AbortSignal.timeout(LIFECYCLE_REQUEST_TIMEOUT_MS),
    });
    existing = current.Rules ?? [];
  } catch (error) {
    if (!isMissingLifecycleConfiguration(error)) throw error;
  }
  const rules = [...existing.filter((other) => other.ID !== rule.ID), rule];
  await client.send(new PutBucketLifecycleConfigurationCommand({ Bucket: storage.bucket, LifecycleConfiguration: { Rules: rules } }), {
    abortSignal: AbortSignal.timeout(LIFECYCLE_REQUEST_TIMEOUT_MS),
  });
  return rule;
}
