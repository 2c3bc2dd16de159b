/**
 * A request's view of its S3 client that reports every `send` (operation, outcome, time) to the
 * request's telemetry. It inherits everything else from the shared client, so presigning and
 * configuration behave exactly as on the client itself.
 *
 * Every observed request makes one view, and most (a presign, a signed part) never send, so the
 * view is one small object over a prototype made once per shared client.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import type { RequestTelemetry } from './request-telemetry.js';

const SHARED_CLIENT = Symbol('svc-uploader.sharedClient');
const TELEMETRY = Symbol('svc-uploader.telemetry');

interface ObservedClient extends S3Client {
  [SHARED_CLIENT]: S3Client;
  [TELEMETRY]: RequestTelemetry;
}

const observedPrototypes = new WeakMap<S3Client, ObservedClient>();

/** The client a request view was made from (the client itself when it is none): the key for per-client caches. */
export function toSharedClient(client: S3Client): S3Client {
  return (client as Partial<ObservedClient>)[SHARED_CLIENT] ?? client;
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

async function observedSend(this: ObservedClient, command: unknown, options?: unknown): Promise<unknown> {
  const done = this[TELEMETRY].storageCall(operationOf(command));
  try {
    const result = await (this[SHARED_CLIENT].send as (command: unknown, options?: unknown) => Promise<unknown>)(command, options);
    done('ok');
    return result;
  } catch (error) {
    done(toStorageOutcome(error));
    throw error;
  }
}

function observedPrototypeOf(shared: S3Client): ObservedClient {
  let prototype = observedPrototypes.get(shared);
  if (prototype === undefined) {
    prototype = Object.create(shared) as ObservedClient;
    Object.defineProperty(prototype, 'send', { value: observedSend });
    Object.defineProperty(prototype, SHARED_CLIENT, { value: shared });
    observedPrototypes.set(shared, prototype);
  }
  return prototype;
}

export function observeStorageClient(client: S3Client, telemetry: RequestTelemetry): S3Client {
  if (!telemetry.active) return client;
  const view = Object.create(observedPrototypeOf(toSharedClient(client))) as ObservedClient;
  view[TELEMETRY] = telemetry;
  return view;
}
