/**
 * Presigning without `getSignedUrl`'s per-call work. `getSignedUrl` builds a command, clones the
 * client's middleware stack, runs endpoint resolution and serialization for every URL: on this
 * handler's hot routes that cost more than the signature itself. Here the SDK resolves the bucket's
 * endpoint once (one real `getSignedUrl`, read back), and every later URL is one SigV4 presign of a
 * request built from that endpoint, by the SDK's own `S3RequestPresigner` with the client's
 * credentials provider (so rotating credentials keep rotating).
 *
 * Only plain SigV4 endpoints are prepared. Anything else the probe URL shows (S3 Express session
 * auth, SigV4a multi-region access points, an endpoint whose path does not end with the key) keeps
 * using `getSignedUrl` for that bucket, so an unusual endpoint is never signed differently.
 */
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl, S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { toSharedClient } from './telemetry/observed-client.js';

export interface PresignRequest {
  method: 'GET' | 'PUT';
  key: string;
  /** The operation id the SDK adds as `x-id` (PutObject, UploadPart, GetObject). */
  operation: string;
  /** Extra query parameters (partNumber, uploadId). */
  query?: Record<string, string>;
  /** Headers the URL is signed for, lower-case names. */
  headers?: Record<string, string>;
  expiresIn: number;
  signableHeaders?: Set<string>;
  /** `x-amz-*` headers to keep as headers (signed) rather than move into the query. */
  unhoistableHeaders?: Set<string>;
  signingDate?: Date;
}

interface PreparedEndpoint {
  protocol: string;
  hostname: string;
  port: number | undefined;
  basePath: string;
  presigner: S3RequestPresigner;
}

const PROBE_KEY = 'svc-endpoint-probe';
/** Query parameters of a plain SigV4 presigned GET; any other one means a different signing scheme. */
const PLAIN_SIGV4_QUERY = new Set([
  'X-Amz-Algorithm',
  'X-Amz-Content-Sha256',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-Signature',
  'X-Amz-SignedHeaders',
  'X-Amz-Security-Token',
  'x-id',
]);

/** RFC 3986 escaping, as the SDK's `escapeUri` does it (encodeURIComponent leaves !'()* alone). */
function escapeUri(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A greedy `{Key+}` path label: every segment escaped, the slashes kept. */
function escapeKeyPath(key: string): string {
  return key.split('/').map(escapeUri).join('/');
}

/** Reads the endpoint and signing scope out of the SDK's own URL; undefined when it is not plain SigV4. */
function readPlainSigV4Endpoint(client: S3Client, probeUrl: string): PreparedEndpoint | undefined {
  const url = new URL(probeUrl);
  const query = url.searchParams;
  for (const name of query.keys()) if (!PLAIN_SIGV4_QUERY.has(name)) return undefined;
  if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || query.get('X-Amz-SignedHeaders') !== 'host') return undefined;
  const scope = (query.get('X-Amz-Credential') ?? '').split('/');
  // accessKeyId/date/region/service/aws4_request; an access key id never contains a slash.
  if (scope.length !== 5 || scope[4] !== 'aws4_request') return undefined;
  const [, , region, service] = scope as [string, string, string, string, string];
  const suffix = `/${PROBE_KEY}`;
  if (!url.pathname.endsWith(suffix) || url.hash !== '' || url.username !== '') return undefined;
  const presigner = new S3RequestPresigner({ ...client.config, signingName: service, region: async () => region });
  return {
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port === '' ? undefined : Number(url.port),
    basePath: url.pathname.slice(0, -suffix.length),
    presigner,
  };
}

/** Endpoint per client and bucket; `null` marks a bucket that stays on `getSignedUrl`. */
const preparedEndpoints = new WeakMap<S3Client, Map<string, Promise<PreparedEndpoint | null>>>();
const BUCKETS_PER_CLIENT_LIMIT = 256;

function prepareEndpoint(requestClient: S3Client, bucket: string): Promise<PreparedEndpoint | null> {
  // A request's observed view shares its client's endpoints.
  const client = toSharedClient(requestClient);
  let buckets = preparedEndpoints.get(client);
  if (!buckets) {
    buckets = new Map();
    preparedEndpoints.set(client, buckets);
  }
  const known = buckets.get(bucket);
  if (known) return known;
  const prepared = getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: PROBE_KEY }), { expiresIn: 60 }).then(
    (probeUrl) => readPlainSigV4Endpoint(client, probeUrl) ?? null,
  );
  // A failed probe is not remembered: the next request tries again (and reports its own failure).
  prepared.catch(() => buckets.delete(bucket));
  if (buckets.size >= BUCKETS_PER_CLIENT_LIMIT) buckets.delete(buckets.keys().next().value!);
  buckets.set(bucket, prepared);
  return prepared;
}

function formatPresignedUrl(endpoint: PreparedEndpoint, path: string, query: Record<string, string | string[] | null>): string {
  const pairs: string[] = [];
  for (const name of Object.keys(query).sort()) {
    const value = query[name];
    if (value === null || value === undefined) continue;
    for (const single of Array.isArray(value) ? value : [value]) pairs.push(`${escapeUri(name)}=${escapeUri(single)}`);
  }
  const port = endpoint.port === undefined ? '' : `:${endpoint.port}`;
  return `${endpoint.protocol}//${endpoint.hostname}${port}${path}${pairs.length > 0 ? `?${pairs.join('&')}` : ''}`;
}

/**
 * A presigned URL for `request`, identical to what `getSignedUrl` returns for the matching
 * command and options (a test compares them byte for byte).
 */
export async function presignPrepared(client: S3Client, bucket: string, request: PresignRequest, fallback: () => Promise<string>): Promise<string> {
  const endpoint = await prepareEndpoint(client, bucket);
  if (endpoint === null) return fallback();
  const path = `${endpoint.basePath}/${escapeKeyPath(request.key)}`;
  const toSign = {
    method: request.method,
    protocol: endpoint.protocol,
    hostname: endpoint.hostname,
    ...(endpoint.port === undefined ? {} : { port: endpoint.port }),
    path,
    query: { ...request.query, 'x-id': request.operation },
    headers: { ...request.headers },
  };
  const signed = await endpoint.presigner.presign(toSign, {
    expiresIn: request.expiresIn,
    ...(request.signableHeaders ? { signableHeaders: request.signableHeaders } : {}),
    // A copy: the presigner adds to the set it is given.
    ...(request.unhoistableHeaders ? { unhoistableHeaders: new Set(request.unhoistableHeaders) } : {}),
    ...(request.signingDate ? { signingDate: request.signingDate } : {}),
  });
  return formatPresignedUrl(endpoint, signed.path, signed.query as Record<string, string | string[] | null>);
}
