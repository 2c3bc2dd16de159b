/**
 * `svc-uploader/server/node`: runs the upload handler behind `node:http`, Express or Connect.
 * It only translates Node's request and response objects to and from Web ones; statuses, headers
 * and bodies are exactly the handler's. Kept apart from `svc-uploader/server` so fetch runtimes
 * (workers, Deno, Bun) never load Node's stream module.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isUpupError, UpupError, UpupErrorCode } from './errors.js';
import { BodyTimeoutError } from './internal/bounded-body.js';
import { readRequestBodyTimeout } from './internal/request-body.js';
import type { UploadHandler } from './types.js';

/** What Express and Connect add to the request: the URL before a mount prefix was stripped, a parsed body. */
interface FrameworkRequest extends IncomingMessage {
  originalUrl?: string;
  body?: unknown;
}

export type NodeListener = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

function toRequestHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = raw[index]!;
    // HTTP/2 pseudo-headers (`:path`, ...) are not headers of a Web Request.
    if (!name.startsWith(':')) headers.append(name, raw[index + 1]!);
  }
  return headers;
}

/** The handler's own JSON body limit: a declared body up to this size is read whole first. */
const WHOLE_BODY_MAX_BYTES = 1024 * 1024;

/**
 * What the handler reads when a declared body did not arrive within its deadline: a stream that
 * fails at once with the handler's own timeout error, so the client gets the handler's 408.
 */
function toTimedOutBody(timeoutMs: number): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.error(new BodyTimeoutError(`body not received whole within ${timeoutMs} ms`));
    },
  });
}

/**
 * A body of declared length within the limit, read into one buffer: a Web `Request` over a
 * finished buffer costs far less to read than one over a stream fed chunk by chunk (measured by
 * bench/node-adapter.ts). Undefined when the body is absent, already consumed, unannounced
 * (chunked) or larger: those take the streamed path, where the handler enforces its limit and
 * deadline. A body still arriving after the handler's `requestBodyTimeoutMs` is not waited for.
 */
function readWholeBody(req: FrameworkRequest, timeoutMs: number): Promise<Buffer | ReadableStream<Uint8Array>> | undefined {
  const declared = Number(req.headers['content-length']);
  if (req.method === 'GET' || req.method === 'HEAD' || req.readableEnded || req.body !== undefined) return undefined;
  if (!Number.isSafeInteger(declared) || declared <= 0 || declared > WHOLE_BODY_MAX_BYTES) return undefined;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => resolve(toTimedOutBody(timeoutMs)), timeoutMs);
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    req.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    // A client gone before the end of its body: no request to answer.
    req.once('close', () => {
      clearTimeout(timer);
      if (!req.complete) reject(new Error('Request body ended early'));
    });
  });
}

/**
 * A body parser mounted before the handler has already drained the stream; its result is sent
 * on as the JSON it came from (every body this handler reads is JSON).
 */
function toRequestBody(req: FrameworkRequest, wholeBody?: Buffer | ReadableStream<Uint8Array>): BodyInit | undefined {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  if (wholeBody) return wholeBody as unknown as BodyInit;
  if (req.readableEnded && req.body !== undefined) {
    if (typeof req.body === 'string' || req.body instanceof Uint8Array) return req.body as BodyInit;
    return JSON.stringify(req.body);
  }
  return toBodyStream(req);
}

/**
 * The request body as a Web stream that reads only when pulled. Cancelling it (the handler refuses
 * an oversized body) discards the rest instead of destroying the socket, so the client still
 * receives the 400; a body never pulled is left to Node, which discards it after the response.
 */
function toBodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let attached = false;
  let finished = false;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!attached) {
          attached = true;
          req.on('data', (chunk: Buffer) => {
            if (finished) return;
            controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
            if ((controller.desiredSize ?? 0) <= 0) req.pause();
          });
          req.once('end', () => {
            if (!finished) controller.close();
            finished = true;
          });
          req.once('error', (error) => {
            if (!finished) controller.error(error);
            finished = true;
          });
        }
        req.resume();
      },
      cancel() {
        finished = true;
        req.resume();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

const INVALID_TARGET_MESSAGE = 'Invalid request target or Host header';

function invalidTarget(detail: string): UpupError {
  return new UpupError(INVALID_TARGET_MESSAGE, UpupErrorCode.BAD_REQUEST, { status: 400, cause: new Error(detail) });
}

/** `scheme://host` when the Host header is a host and nothing else (no credentials, path, query or fragment). */
function toHostOrigin(scheme: string, host: string): string | undefined {
  const candidate = `${scheme}://${host}`;
  if (!URL.canParse(candidate)) return undefined;
  const url = new URL(candidate);
  if (url.username !== '' || url.password !== '' || url.pathname !== '/' || url.search !== '' || url.hash !== '') return undefined;
  return url.origin;
}

/**
 * The request URL. An origin-form target is a path on the Host header's origin: it is appended,
 * never resolved, since resolving `//evil.example/api/upload/presign` against the host would make
 * `evil.example` the handler's own origin and let that site pass the cross-site check. An
 * absolute-form target names its own host (RFC 9112, section 3.2.2). Anything else is a 400.
 */
function toRequestUrl(target: string, scheme: string, host: string): URL {
  if (target.startsWith('/') || target === '*') {
    const origin = toHostOrigin(scheme, host);
    if (origin === undefined) throw invalidTarget(`Host header ${JSON.stringify(host.slice(0, 100))} is not a host`);
    const url = new URL(`${origin}${target === '*' ? '/*' : target}`);
    if (url.origin !== origin) throw invalidTarget(`target ${JSON.stringify(target.slice(0, 100))} leaves the Host origin`);
    return url;
  }
  if (!URL.canParse(target)) throw invalidTarget(`target ${JSON.stringify(target.slice(0, 100))} is not a path or an absolute URL`);
  const url = new URL(target);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '') {
    throw invalidTarget(`target ${JSON.stringify(target.slice(0, 100))} is not an http(s) URL without credentials`);
  }
  return url;
}

/**
 * Builds the Web Request; Express's `originalUrl` keeps the mount prefix in the URL. With `res`,
 * the request's signal also aborts when the client disconnects after sending its whole body (a
 * long drive transfer), which only the response's early `close` reveals. A Host header or
 * request target that makes no URL throws an `UpupError` with status 400.
 */
export function toWebRequest(req: IncomingMessage, res?: ServerResponse, wholeBody?: Buffer | ReadableStream<Uint8Array>): Request {
  const frameworkRequest = req as FrameworkRequest;
  const encrypted = (req.socket as { encrypted?: boolean } | null)?.encrypted === true;
  const url = toRequestUrl(frameworkRequest.originalUrl ?? req.url ?? '/', encrypted ? 'https' : 'http', req.headers.host || 'localhost');
  const body = toRequestBody(frameworkRequest, wholeBody);
  const controller = new AbortController();
  req.once('close', () => {
    if (!req.complete) controller.abort();
  });
  res?.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return new Request(url, {
    method: req.method,
    headers: toRequestHeaders(req),
    body,
    signal: controller.signal,
    // Required by fetch's Request for a streamed body.
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
}

/** Writes a Web Response to a Node response, multiple `set-cookie` headers included. */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  // The handler refused a body without reading all of it (too large): the rest is discarded and the
  // connection must not be reused, or the client's next request would meet the leftover bytes.
  if (!res.req.complete && !res.headersSent) res.setHeader('connection', 'close');
  if (!response.body) {
    res.end();
    return;
  }
  // The handler's JSON and HTML answers are small and complete: one write, with a Content-Length.
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith('application/json') || type.startsWith('text/html')) {
    res.end(Buffer.from(await response.arrayBuffer()));
    return;
  }
  await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>), res);
}

function sendInvalidTarget(res: ServerResponse, error: UpupError): void {
  res.statusCode = 400;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('x-svc-request-id', crypto.randomUUID());
  res.setHeader('connection', 'close');
  res.end(JSON.stringify({ error: error.message, code: error.code }));
}

/**
 * Wraps the handler as a `(req, res, next?)` listener.
 *
 * @example
 * http.createServer(toNodeListener(handler)).listen(3000);
 * expressApp.use('/api/upload', toNodeListener(handler)); // before express.json(), or after: both work
 */
export function toNodeListener(handler: UploadHandler): NodeListener {
  const bodyTimeoutMs = readRequestBodyTimeout(handler);
  return function uploadListener(req, res, next) {
    Promise.resolve(readWholeBody(req, bodyTimeoutMs))
      .then((wholeBody) => handler(toWebRequest(req, res, wholeBody)))
      .then((response) => sendWebResponse(res, response))
      .catch((error: unknown) => {
        // Once headers are out, the only honest signal left is a cut connection (e.g. the client went away).
        if (res.headersSent) {
          res.destroy();
          return;
        }
        // A request no URL can be made of never reaches the handler: the adapter answers its 400.
        if (isUpupError(error) && error.status === 400) {
          sendInvalidTarget(res, error);
          return;
        }
        if (next) {
          next(error);
          return;
        }
        res.statusCode = 500;
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(JSON.stringify({ error: 'Internal error', code: 'STORAGE_ERROR' }));
      });
  };
}
