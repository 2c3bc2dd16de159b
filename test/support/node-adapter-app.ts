/**
 * An application on the Node adapter, as a deployment behind a proxy runs it: Express serves a
 * page with the built `<svc-uploader>` (dist/browser) and mounts `toNodeListener(handler)` at
 * /api/upload, the handler at its default configuration (storage, secret, getUserId, nothing
 * else). Every request that reaches the handler is logged with the headers the cross-origin check
 * reads and the status it was answered with, and `getUserId` counts its calls: a request refused
 * before host code runs leaves the count as it was.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createUploadHandler } from '../../server/index.js';
import { toNodeListener } from '../../server/node.js';
import { getTestStorage } from './storage.js';

export interface HandlerVisit {
  method: string;
  /** The path and query the handler was asked for. */
  path: string;
  host: string | undefined;
  origin: string | undefined;
  fetchSite: string | undefined;
  forwardedProto: string | undefined;
  /** 0 until the answer is sent. */
  status: number;
}

export interface NodeAdapterApp {
  url: string;
  port: number;
  visits: HandlerVisit[];
  /** How often the handler asked the host who the caller is. */
  identityCalls(): number;
  close(): Promise<void>;
}

export const NODE_APP_USER = 'behind-proxies';

/** Single PUT below 1 MiB, multipart from there on (the handler's parts are at least 5 MiB). */
const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Uploads behind a proxy</title>
  <script type="module" src="/svc-uploader/svc-uploader.js"></script>
</head>
<body>
  <svc-uploader server-url="/api/upload" max-files="5" resumable='{"protocol": "multipart", "thresholdBytes": 1048576}'></svc-uploader>
  <p class="run-summary"></p>
  <ul class="stored-files"></ul>
  <script type="module">
    const uploader = document.querySelector('svc-uploader');
    uploader.addEventListener('svc-file-upload-complete', (event) => {
      const item = document.createElement('li');
      item.dataset.key = event.detail.key;
      item.textContent = event.detail.file.name;
      document.querySelector('.stored-files').append(item);
    });
    uploader.addEventListener('svc-files-upload-complete', (event) => {
      document.querySelector('.run-summary').textContent = \`\${event.detail.successful} stored, \${event.detail.failed} failed\`;
    });
  </script>
</body>
</html>
`;

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);

export async function startNodeAdapterApp(): Promise<NodeAdapterApp> {
  const storage = await getTestStorage();
  let identityCalls = 0;
  const handler = createUploadHandler({
    storage: storage.storageConfig(),
    uploadTokenSecret: 'behind-proxies-upload-token-secret',
    getUserId: () => {
      identityCalls += 1;
      return NODE_APP_USER;
    },
  });
  const visits: HandlerVisit[] = [];
  const app = express();
  app.use(
    '/api/upload',
    (req, res, next) => {
      const visit: HandlerVisit = {
        method: req.method,
        path: req.originalUrl,
        host: header(req.headers.host),
        origin: header(req.headers.origin),
        fetchSite: header(req.headers['sec-fetch-site']),
        forwardedProto: header(req.headers['x-forwarded-proto']),
        status: 0,
      };
      visits.push(visit);
      res.once('finish', () => {
        visit.status = res.statusCode;
      });
      next();
    },
    toNodeListener(handler),
  );
  app.use('/svc-uploader', express.static('dist/browser'));
  app.get('/', (_req, res) => {
    res.type('html').send(PAGE);
  });

  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    visits,
    identityCalls: () => identityCalls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
