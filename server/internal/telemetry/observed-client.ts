/**
 * A request's view of its S3 client that reports every `send` (operation, outcome, time) to the
 * request's telemetry. It inherits everything else from the shared client, so presigning and
 * configuration behave exactly as on the client itself.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import type { RequestTelemetry } from './request-telemetry.js';

const sharedClientOf = new WeakMap<S3Client, S3Client>();

/** The client a request view was made from (the client itself when it is none): the key for per-client caches. */
export function toSharedClient(client: S3Client): S3Client {
  return sharedClientOf.get(client) ?? client;
}

/** `PutObjectCommand` -> `PutObject`: the SDK's class names are the S3 operation names. */
function operationOf(command: unknown): string {
  const name = (command as { constructor?: { name?: unknown } } | null)?.constructor?.name;
  return typeof name === 'string' && name.endsWith('Command') ? name.slice(0, -'Command'.length) : 'Unknown';
}

/** The storage error's code (bounded: it becomes a metric label), `error` when it has none. */
function toStorageOutcome(error: unknown): string {
  if (typeof error !== 'object' || error === null) return 'error';
  const { name, Code } = error as { name?: unknown; Code?: unknown };
  const code = typeof Code === 'string' ? Code : typeof name === 'string' ? name : 'error';
  return /^[A-Za-z][A-Za-z0-9]{0,63}$/.test(code) ? code : 'error';
}

export function observeStorageClient(client: S3Client, telemetry: RequestTelemetry): S3Client {
  if (!telemetry.active) return client;
  const shared = toSharedClient(client);
  const view = Object.create(shared) as S3Client;
  const send = async (command: unknown, options?: unknown): Promise<unknown> => {
    const done = telemetry.storageCall(operationOf(command));
    try {
      const result = await (shared.send as (command: unknown, options?: unknown) => Promise<unknown>)(command, options);
      done('ok');
      return result;
    } catch (error) {
      done(toStorageOutcome(error));
      throw error;
    }
  };
  Object.defineProperty(view, 'send', { value: send });
  sharedClientOf.set(view, shared);
  return view;
}
