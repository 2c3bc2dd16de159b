// A lightweight, pure-Node S3-compatible development store: s3rver plus a thin layer that answers
// the multipart calls s3rver lacks (ListParts, AbortMultipartUpload, NoSuchUpload), so multipart
// complete/abort/resume work in the demo. It verifies no signatures: never use it to prove security.
// @ts-check
import { createServer } from 'node:http';
import { mkdirSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
// @ts-expect-error s3rver ships no types; what this file uses of it is typed below.
import S3rver from 's3rver';

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {(req: IncomingMessage, res: ServerResponse) => void} RequestCallback */
/**
 * The part of s3rver's store this layer reads: where an upload's parts are kept on disk.
 * @typedef {{ getResourcePath(bucket: string, key: undefined, resource: 'uploads'): string }} S3rverStore
 */
/**
 * A running development store.
 * @typedef {object} DevStore
 * @property {string} endpoint
 * @property {string} region
 * @property {string} accessKeyId
 * @property {string} secretAccessKey
 * @property {() => Promise<void>} stop
 */

export const DEV_STORE_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

const CORS_ALLOW_ANY_ORIGIN = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod><AllowedMethod>DELETE</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <ExposeHeader>Retry-After</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

const escapeXml = (/** @type {string} */ text) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * @param {ServerResponse} res
 * @param {number} status
 * @param {string} body
 * @param {string | undefined} origin
 */
function sendXml(res, status, body, origin) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/xml');
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', 'ETag, Retry-After');
  }
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
}

/**
 * @param {ServerResponse} res
 * @param {string} uploadId
 * @param {string | undefined} origin
 */
function sendNoSuchUpload(res, uploadId, origin) {
  sendXml(
    res,
    404,
    `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${escapeXml(uploadId)}</UploadId></Error>`,
    origin,
  );
}

/** @param {string} uploadDir */
async function listParts(uploadDir) {
  const names = (await readdir(uploadDir)).filter((name) => /^\d+$/.test(name));
  const parts = await Promise.all(
    names.map(async (name) => {
      const [info, md5] = await Promise.all([stat(join(uploadDir, name)), readFile(join(uploadDir, `${name}.md5`), 'utf8').catch(() => '')]);
      return { partNumber: Number(name), size: info.size, etag: `"${md5.trim()}"`, lastModified: info.mtime.toISOString() };
    }),
  );
  return parts.sort((a, b) => a.partNumber - b.partNumber);
}

/**
 * Wraps s3rver's request callback with the missing multipart operations.
 * @param {S3rverStore} store
 * @param {RequestCallback} s3rverCallback
 * @returns {RequestCallback}
 */
function withMultipartLayer(store, s3rverCallback) {
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://store');
    const uploadId = url.searchParams.get('uploadId');
    const [, bucket, ...keyParts] = url.pathname.split('/');
    if (!uploadId || !bucket || keyParts.length === 0) return s3rverCallback(req, res);
    const origin = req.headers.origin;
    const uploadDir = join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
    const exists = await stat(uploadDir).then(
      (info) => info.isDirectory(),
      () => false,
    );
    if (!exists && req.method !== 'OPTIONS') return sendNoSuchUpload(res, uploadId, origin);
    if (req.method === 'DELETE') {
      await rm(uploadDir, { recursive: true, force: true });
      res.statusCode = 204;
      return res.end();
    }
    if (req.method === 'GET') {
      const key = decodeURIComponent(keyParts.join('/'));
      const parts = await listParts(uploadDir);
      const partsXml = parts
        .map(
          (part) =>
            `<Part><PartNumber>${part.partNumber}</PartNumber><LastModified>${part.lastModified}</LastModified><ETag>${escapeXml(part.etag)}</ETag><Size>${part.size}</Size></Part>`,
        )
        .join('');
      return sendXml(
        res,
        200,
        `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${escapeXml(bucket)}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${escapeXml(uploadId)}</UploadId><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${partsXml}</ListPartsResult>`,
        origin,
      );
    }
    return s3rverCallback(req, res);
  };
}

/**
 * Starts the development store.
 * @param {{directory: string, port?: number, hostname?: string, buckets?: string[]}} options
 * @returns {Promise<DevStore>}
 */
export async function startDevStore({ directory, port = 0, hostname = '127.0.0.1', buckets = [] }) {
  mkdirSync(directory, { recursive: true });
  const s3rver = new S3rver({
    directory,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [CORS_ALLOW_ANY_ORIGIN] })),
  });
  await s3rver.configureBuckets();
  const server = createServer(withMultipartLayer(s3rver.store, s3rver.callback()));
  await /** @type {Promise<void>} */ (new Promise((resolve, reject) => server.once('error', reject).listen(port, hostname, resolve)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    endpoint: `http://${hostname}:${address.port}`,
    region: 'us-east-1',
    ...DEV_STORE_CREDENTIALS,
    async stop() {
      server.closeAllConnections?.();
      await /** @type {Promise<void>} */ (new Promise((resolve) => server.close(() => resolve())));
    },
  };
}
