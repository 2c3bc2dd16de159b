// The zero-config demo: a plain HTML page with <svc-uploader> in server mode, the upload handler
// under /api/upload, and a list of uploaded files with signed download links under /api/files.
// Storage is the embedded development store unless S3_ENDPOINT/S3_BUCKET point at a real bucket.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { serve } from 'srvx';
import { staticMiddleware } from 'srvx/static';
import { createUploadHandler, getDownloadUrl } from 'svc-uploader/server';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..', '..');

/** Reads the storage block from S3_* environment variables, or undefined when none is set. */
export function storageFromEnvironment(env = process.env) {
  if (!env.S3_BUCKET) return undefined;
  return {
    type: env.S3_TYPE || 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    endpoint: env.S3_ENDPOINT || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : Boolean(env.S3_ENDPOINT),
    credentials: env.S3_ACCESS_KEY_ID ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
  };
}

/** The demo shows the newest 200 uploads, looking through at most 10 pages of 1,000 keys. */
const LISTING_SHOWN = 200;
const LISTING_MAX_PAGES = 10;

function createLister(storage) {
  const client = new S3Client({
    region: storage.region,
    endpoint: storage.endpoint,
    forcePathStyle: storage.forcePathStyle,
    credentials: storage.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return async function listUploads() {
    // Storage lists keys in name order, not by date: read every page (up to a bound) and keep the
    // newest, so a bucket with many objects still shows what was just uploaded.
    const all = [];
    let ContinuationToken;
    for (let page = 0; page < LISTING_MAX_PAGES; page += 1) {
      const listing = await client.send(new ListObjectsV2Command({ Bucket: storage.bucket, ContinuationToken }));
      all.push(...(listing.Contents ?? []));
      ContinuationToken = listing.NextContinuationToken;
      if (!listing.IsTruncated || !ContinuationToken) break;
    }
    const objects = all.sort((a, b) => (b.LastModified?.getTime() ?? 0) - (a.LastModified?.getTime() ?? 0)).slice(0, LISTING_SHOWN);
    return Promise.all(
      objects.map(async (object) => ({
        key: object.Key,
        size: object.Size,
        uploadedAt: object.LastModified?.toISOString(),
        downloadUrl: await getDownloadUrl({ storage }, object.Key, { expiresIn: 3600 }),
      })),
    );
  };
}

/**
 * Starts the demo server.
 * @param {{storage: object, port?: number, hostname?: string, uploadTokenSecret?: string}} options
 */
export async function startDemoServer({ storage, port = 3000, hostname = '127.0.0.1', uploadTokenSecret }) {
  const handler = createUploadHandler({
    storage,
    uploadTokenSecret: uploadTokenSecret || 'demo-only-upload-token-secret-change-me',
    // Anonymous uploads are for this demo only: a real deployment configures auth/getUserId.
    allowAnonymousUploads: true,
  });
  const listUploads = createLister(storage);
  const server = serve({
    port,
    hostname,
    silent: true,
    middleware: [staticMiddleware({ dir: here }), staticMiddleware({ dir: join(root, 'dist', 'browser') })],
    async fetch(request) {
      const { pathname } = new URL(request.url);
      if (pathname === '/api/upload' || pathname.startsWith('/api/upload/')) return handler(request);
      if (pathname === '/api/files' && request.method === 'GET') {
        try {
          return Response.json({ files: await listUploads() });
        } catch (error) {
          console.error('listing uploads failed:', error);
          return Response.json({ error: 'Could not list uploads' }, { status: 500 });
        }
      }
      return new Response('Not found', { status: 404 });
    },
  });
  await server.ready();
  return { url: server.url, close: () => server.close(true) };
}
