// Express (or Connect) host for the upload handler: one `app.use` line mounts every route.
//   npm install && S3_BUCKET=... S3_REGION=... UPLOAD_TOKEN_SECRET=... node server.mjs
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { createUploadHandler } from 'svc-uploader/server';
import { toNodeListener } from 'svc-uploader/server/node';

const uploadHandler = createUploadHandler({
  storage: {
    type: process.env.S3_TYPE ?? 'aws',
    bucket: process.env.S3_BUCKET,
    region: process.env.S3_REGION,
    endpoint: process.env.S3_ENDPOINT,
    forcePathStyle: Boolean(process.env.S3_ENDPOINT),
  },
  uploadTokenSecret: process.env.UPLOAD_TOKEN_SECRET,
  // Closed by default: open it with your session lookup (a stable user id or null; see docs/server.md),
  // or for a demo with anonymous uploads.
  // getUserId: async (req) => (await readSession(req))?.userId ?? null,
  allowAnonymousUploads: process.env.ALLOW_ANONYMOUS === '1',
  maxFileSize: 2 * 1024 ** 3,
  // Only pages on other origins need listing (ALLOWED_ORIGINS=https://a.example,https://b.example);
  // this server's own page, and a Vite dev server forwarding /api here, need nothing.
  ...(process.env.ALLOWED_ORIGINS ? { cors: { allowedOrigins: process.env.ALLOWED_ORIGINS.split(',') } } : {}),
  hooks: {
    onFileUploaded: ({ key, size, userId }) => console.log(`stored ${key} (${size} bytes) for ${userId ?? 'anonymous'}`),
    onError: ({ requestId, route, status, error }) => console.error(`[upload ${requestId}] ${route} -> ${status}`, error),
  },
});

const app = express();
// Mount before or after express.json(): the listener reads the raw body, or re-sends a parsed one.
app.use('/api/upload', toNodeListener(uploadHandler));
// The element's browser build: svc-uploader.js loads lazy chunks and a worker from its own folder,
// so the whole folder is served, not the one file.
const browserBuild = dirname(fileURLToPath(import.meta.resolve('svc-uploader/browser')));
app.use('/assets/svc-uploader', express.static(browserBuild));
app.get('/', (_req, res) => {
  res.type('html').send(`<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>svc-uploader behind Express</title>
<script type="module" src="/assets/svc-uploader/svc-uploader.js"></script>
<svc-uploader server-url="/api/upload"></svc-uploader>`);
});

const port = Number(process.env.PORT ?? 3000);
const server = app.listen(port, () => console.log(`listening on http://localhost:${server.address().port}`));
