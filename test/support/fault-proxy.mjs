// A fault-injecting HTTP proxy in front of S3-compatible storage. Both the browser (presigned
// URLs) and the upload handler (its storage endpoint) talk to storage through it, so one set of
// rules can break either side's requests. Requests pass byte for byte (the Host header too, so
// SigV4 signatures made for the proxy's address still verify), except the one a rule picks.
import { createHash } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';
import { Transform } from 'node:stream';
import { crc32 } from 'node:zlib';

/** A hang lasts at most this long, so nothing lingers once the client gave up. */
const HANG_MS = 30_000;

/**
 * Which storage request a rule targets:
 * - `put` a single-PUT object upload, `part` an UploadPart (optionally `partNumber`),
 * - `create` CreateMultipartUpload, `complete` CompleteMultipartUpload, `list-parts` ListParts,
 * - `head` HeadObject,
 * - `marker` any request for the handler's completion markers (never an upload's `put`).
 * `side` narrows to the browser (a request with an Origin) or the handler (the AWS SDK).
 */
function requestKind(method, url) {
  const query = url.searchParams;
  // The handler's completion markers (its default folder), told apart from the uploads themselves.
  if (url.pathname.includes('/.svc-uploader/')) return 'marker';
  if (method === 'PUT' && query.has('uploadId') && query.has('partNumber')) return 'part';
  if (method === 'PUT') return 'put';
  if (method === 'POST' && query.has('uploads')) return 'create';
  if (method === 'POST' && query.has('uploadId')) return 'complete';
  if (method === 'GET' && query.has('uploadId')) return 'list-parts';
  if (method === 'HEAD') return 'head';
  return 'other';
}

function matches(rule, request, kind, url) {
  if (rule.remaining <= 0 || rule.match !== kind) return false;
  const side = request.headers.origin ? 'browser' : 'handler';
  if (rule.side && rule.side !== side) return false;
  if (rule.partNumber !== undefined && url.searchParams.get('partNumber') !== String(rule.partNumber)) return false;
  return true;
}

function corsHeaders(request) {
  const origin = request.headers.origin;
  if (!origin) return {};
  return { 'access-control-allow-origin': origin, 'access-control-expose-headers': 'ETag, Retry-After', vary: 'Origin' };
}

function errorBody(code, message) {
  return `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
}

/** Plays one fault on a request that is not forwarded. */
function playFault(fault, request, response) {
  const answer = (status, code, extra = {}) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(status, { 'content-type': 'application/xml', ...corsHeaders(request), ...extra });
      response.end(errorBody(code, `Injected ${code}`));
    });
  };
  switch (fault) {
    case 'reset':
      request.socket.resetAndDestroy();
      return;
    case 'drop-mid-body': {
      // Take part of the body, then cut the connection as a flaky link would.
      let received = 0;
      request.on('data', (chunk) => {
        received += chunk.length;
        if (received >= 256 * 1024) request.socket.destroy();
      });
      request.on('end', () => request.socket.destroy());
      return;
    }
    case 'hang': {
      request.resume();
      const timer = setTimeout(() => request.socket.destroy(), HANG_MS);
      request.socket.on('close', () => clearTimeout(timer));
      return;
    }
    case '500':
      return answer(500, 'InternalError');
    case '503-retry-after':
      return answer(503, 'ServiceUnavailable', { 'retry-after': '1' });
    case 'slow-down':
      return answer(503, 'SlowDown');
    default:
      throw new Error(`Unknown fault ${fault}`);
  }
}

/**
 * The body passes on with one bit of its middle byte changed, length unchanged: what a faulty
 * link, proxy or memory delivers. Storage sees a well-formed, correctly signed request.
 */
function flipMiddleByte(request) {
  const middle = Math.floor(Number(request.headers['content-length'] ?? 0) / 2);
  let offset = 0;
  return new Transform({
    transform(chunk, _encoding, callback) {
      if (middle >= offset && middle < offset + chunk.length) {
        chunk = Buffer.from(chunk);
        chunk[middle - offset] ^= 0x01;
      }
      offset += chunk.length;
      callback(null, chunk);
    },
  });
}

const CRC32C_TABLE = Uint32Array.from({ length: 256 }, (_, index) => {
  let value = index;
  for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? (value >>> 1) ^ 0x82f63b78 : value >>> 1;
  return value >>> 0;
});

function bigEndianBase64(value) {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0);
  return bytes.toString('base64');
}

/**
 * The `x-amz-checksum-*` digests of the bytes a request carried, as S3 would compute them, kept
 * incrementally while the body passes through.
 */
function createBodyDigests() {
  let crc = 0;
  let crcC = 0xffffffff;
  const sha256 = createHash('sha256');
  return {
    update(chunk) {
      crc = crc32(chunk, crc);
      for (const byte of chunk) crcC = CRC32C_TABLE[(crcC ^ byte) & 0xff] ^ (crcC >>> 8);
      sha256.update(chunk);
    },
    digest() {
      return { CRC32: bigEndianBase64(crc), CRC32C: bigEndianBase64(crcC ^ 0xffffffff), SHA256: sha256.digest('base64') };
    },
  };
}

/**
 * ListParts as AWS S3 answers it for an upload opened with a checksum algorithm: each part with
 * its `<ChecksumCRC32>` (or CRC32C, SHA256). Ceph RGW lists none; `checksums` maps part numbers
 * to `{algorithm, value}` and the element follows the part's `<PartNumber>`.
 */
function withListedChecksums(xml, checksums) {
  return xml.replace(/<PartNumber>(\d{1,5})<\/PartNumber>/g, (element, partNumber) => {
    const checksum = checksums[partNumber];
    return checksum ? `${element}<Checksum${checksum.algorithm}>${checksum.value}</Checksum${checksum.algorithm}>` : element;
  });
}

/** Faults that still forward the request (changed) instead of answering it, or change storage's answer. */
const FORWARDING_FAULTS = new Set(['flip-byte', 'list-checksums', 'echo-checksum', 'hold-answer', 'lose-answer']);
/** Bodies of CompleteMultipartUpload requests are kept (they are small XML); at most this much each. */
const RECORDED_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * Starts a proxy to `upstream` (`http://host:port`) on a random loopback port. `rules` are
 * `{match, side?, partNumber?, fault, times?}`; each fires on its next `times` (default 1)
 * matching requests. Returns the proxy's endpoint, a log of what it saw (and the headers of each
 * request) and a close function. With `digestBodies`, the digests of every PUT body that passed
 * through are kept too.
 */
export async function startFaultProxy(upstream, rules, options = {}) {
  const target = new URL(upstream);
  const armed = rules.map((rule) => ({ ...rule, remaining: rule.times ?? 1 }));
  const log = [];
  /** Each logged request's headers, same order as `log`. */
  const headers = [];
  /** Each logged request's body for CompleteMultipartUpload, else undefined; same order as `log`. */
  const bodies = [];
  /** With `digestBodies`: the CRC32, CRC32C and SHA-256 (base64) of each PUT body, same order as `log`. */
  const digests = [];
  const sockets = new Set();
  /** `hold-answer`: storage has answered (and so acted); its answer waits here until released. */
  const heldAnswers = [];
  let noticeHeld = () => undefined;
  let releaseAll = false;
  const server = createServer((request, response) => {
    const url = new URL(request.url, 'http://proxy');
    const kind = requestKind(request.method, url);
    const side = request.headers.origin ? 'browser' : 'handler';
    const rule = request.method === 'OPTIONS' ? undefined : armed.find((candidate) => matches(candidate, request, kind, url));
    const partNumber = url.searchParams.get('partNumber');
    const logIndex = log.push(`${side} ${kind}${partNumber ? ` ${partNumber}` : ''}${rule ? ` ${rule.fault}` : ''}`) - 1;
    headers.push(request.headers);
    bodies.push(undefined);
    digests.push(undefined);
    if ((options.digestBodies || rule?.fault === 'echo-checksum') && request.method === 'PUT') {
      const bodyDigests = createBodyDigests();
      request.on('data', (chunk) => bodyDigests.update(chunk));
      request.on('end', () => {
        digests[logIndex] = bodyDigests.digest();
      });
    }
    if (kind === 'complete') {
      const chunks = [];
      let length = 0;
      request.on('data', (chunk) => {
        length += chunk.length;
        if (length <= RECORDED_BODY_LIMIT) chunks.push(chunk);
      });
      request.on('end', () => {
        bodies[logIndex] = Buffer.concat(chunks).toString('utf8');
      });
    }
    if (rule) rule.remaining -= 1;
    if (rule && !FORWARDING_FAULTS.has(rule.fault)) {
      playFault(rule.fault, request, response);
      return;
    }
    const forward = httpRequest(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers },
      (upstreamResponse) => {
        // What storage made of a changed body is the point of forwarding it: note its answer.
        if (rule) log[logIndex] += ` ${upstreamResponse.statusCode}`;
        if (rule?.fault === 'list-checksums' && upstreamResponse.statusCode === 200) {
          const chunks = [];
          upstreamResponse.on('data', (chunk) => chunks.push(chunk));
          upstreamResponse.on('end', () => {
            const body = Buffer.from(withListedChecksums(Buffer.concat(chunks).toString('utf8'), rule.checksums ?? {}));
            const kept = { ...upstreamResponse.headers };
            delete kept['content-length'];
            delete kept['transfer-encoding'];
            response.writeHead(200, { ...kept, 'content-length': body.length });
            response.end(body);
          });
          return;
        }
        if (rule?.fault === 'lose-answer') {
          // Storage acted on the request (a PUT stored its object); the connection breaks in the
          // middle of its answer, as on a link that drops at the worst moment. A connection closed
          // before any byte of the answer is one a browser silently sends an idempotent PUT again on.
          upstreamResponse.resume();
          upstreamResponse.on('end', () => request.socket.end('HTTP/1.1 200 OK\r\n', () => request.socket.destroy()));
          return;
        }
        if (rule?.fault === 'hold-answer') {
          const chunks = [];
          upstreamResponse.on('data', (chunk) => chunks.push(chunk));
          upstreamResponse.on('end', () => {
            const deliver = () => {
              if (response.destroyed) return;
              response.writeHead(upstreamResponse.statusCode, upstreamResponse.rawHeaders);
              response.end(Buffer.concat(chunks));
            };
            if (releaseAll) return deliver();
            heldAnswers.push(deliver);
            noticeHeld();
          });
          return;
        }
        if (rule?.fault === 'echo-checksum' && upstreamResponse.statusCode === 200 && digests[logIndex]) {
          // AWS S3 answers a PUT or part sent with `x-amz-checksum-<algorithm>` with the digest it computed.
          const headerName = `x-amz-checksum-${rule.algorithm.toLowerCase()}`;
          response.writeHead(200, [...upstreamResponse.rawHeaders, headerName, digests[logIndex][rule.algorithm]]);
          upstreamResponse.pipe(response);
          return;
        }
        response.writeHead(upstreamResponse.statusCode, upstreamResponse.rawHeaders);
        upstreamResponse.pipe(response);
      },
    );
    forward.on('error', () => request.socket.destroy());
    // The client went away before the answer was complete: so does the upstream request (a held
    // answer's request has been answered already; storage acted on it whatever happens now).
    response.on('close', () => {
      if (!response.writableFinished && rule?.fault !== 'hold-answer') forward.destroy();
    });
    if (rule?.fault === 'flip-byte') request.pipe(flipMiddleByte(request)).pipe(forward);
    else request.pipe(forward);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    log,
    headers,
    bodies,
    digests,
    /** Resolves once a `hold-answer` rule holds storage's answer (storage has acted on the request). */
    held: () =>
      new Promise((resolve) => {
        if (heldAnswers.length > 0) return resolve();
        noticeHeld = () => resolve();
      }),
    /** Sends every held answer on (to a client that may have gone), and lets later ones through. */
    releaseHeld: () => {
      releaseAll = true;
      for (const deliver of heldAnswers.splice(0)) deliver();
    },
    /** Rules that never fired: a scenario that did not happen proves nothing. */
    unfired: () => armed.filter((rule) => rule.remaining > 0).map(({ match, fault }) => `${match} ${fault}`),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
