// Express (or Connect) host for the upload handler: one `app.use` line mounts every route.
//   npm install && S3_BUCKET=... S3_REGION=... UPLOAD_TOKEN_SECRET=... node server.mjs
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
  cors: { allowedOrigins: (process.env.ALLOWED_ORIGINS ?? 'http://localhost:5173').split(',') },
  hooks: {
    onFileUploaded: ({ key, size, userId }) => console.log(`stored ${key} (${size} bytes) for ${userId ?? 'anonymous'}`),
    onError: ({ requestId, route, status, error }) => console.error(`[upload ${requestId}] ${route} -> ${status}`, error),
  },
});

const app = express();
// Mount before or after express.json(): the listener reads the raw body, or re-sends a parsed one.
app.use('/api/upload', toNodeListener(uploadHandler));
// The element's self-contained browser bundle, and a page that uses it.
app.get('/svc-uploader.js', (_req, res) => res.sendFile(fileURLToPath(import.meta.resolve('svc-uploader/browser'))));
app.get('/', (_req, res) => {
  res.type('html').send('<script type="module" src="/svc-uploader.js"></script><svc-uploader server-url="/api/upload"></svc-uploader>');
});

const port = Number(process.env.PORT ?? 3000);
app.listen(port, () => console.log(`http://localhost:${port}`));
