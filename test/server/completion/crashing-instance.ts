/**
 * A handler instance that dies mid-completion: it serves the upload routes on a loopback port
 * (printed as `Listening on <url>`), and its verdict prints `verdict started` and never returns,
 * so the test can kill the process while it holds an upload's completion claim.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createUploadHandler } from '../../../server/index.js';
import { toNodeListener } from '../../../server/node.js';

const handler = createUploadHandler({
  storage: JSON.parse(process.env.CRASH_STORAGE!),
  uploadTokenSecret: process.env.CRASH_SECRET!,
  allowAnonymousUploads: true,
  completion: { leaseSeconds: 1 },
  hooks: {
    verifyUpload: () => {
      process.stdout.write('verdict started\n');
      return new Promise<boolean>(() => undefined);
    },
    onFileUploaded: () => {
      process.stdout.write('onFileUploaded\n');
    },
  },
});
const server = createServer(toNodeListener(handler));
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`Listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
