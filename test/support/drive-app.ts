// A page that uses the built browser bundle (dist/browser) with cloud drives, served next to the
// real upload handler at /api/upload whose providers point at the local fake drives. Users are
// told apart by a `session` cookie, as an application's login would.
import { serve } from 'srvx';
import { staticMiddleware } from 'srvx/static';
import { fileURLToPath } from 'node:url';
import { createMemoryTokenStore, createUploadHandler } from '../../server/index.js';
import { startFakeDrives, type FakeDrives } from './fake-drives/index.js';
import { getTestStorage } from './storage.js';

const BUNDLE_DIR = fileURLToPath(new URL('../../dist/browser/', import.meta.url));
export const SESSION_COOKIE = 'session';

export interface DriveApp {
  url: string;
  drives: FakeDrives;
  close(): Promise<void>;
}

/** The page: an uploader offering Google Drive and Dropbox, which records each stored file. */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>svc-uploader drives</title>
<script type="module" src="/svc-uploader.js"></script>
</head>
<body>
<svc-uploader id="uploader" server-url="/api/upload" sources="local,googleDrive,dropbox" auto-upload></svc-uploader>
<script type="module">
  window.stored = [];
  document.getElementById('uploader').addEventListener('svc-file-upload-complete', ({ detail }) => {
    window.stored.push({ name: detail.file.name, key: detail.key, size: detail.file.size });
  });
</script>
</body>
</html>
`;

function readSessionUser(request: Request): string | null {
  const match = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]+)`).exec(request.headers.get('cookie') ?? '');
  return match ? decodeURIComponent(match[1]!) : null;
}

export async function startDriveApp(): Promise<DriveApp> {
  const storage = await getTestStorage();
  const drives = await startFakeDrives();
  const handler = createUploadHandler({
    storage: storage.storageConfig(),
    uploadTokenSecret: 'end-to-end-drive-tests-upload-token-secret',
    getUserId: readSessionUser,
    providers: drives.providersConfig(['googleDrive', 'dropbox']),
    tokenStore: createMemoryTokenStore(),
  });
  const server = serve({
    port: 0,
    hostname: '127.0.0.1',
    silent: true,
    middleware: [staticMiddleware({ dir: BUNDLE_DIR })],
    fetch(request) {
      const { pathname } = new URL(request.url);
      if (pathname === '/') return new Response(PAGE, { headers: { 'content-type': 'text/html; charset=utf-8' } });
      if (pathname === '/api/upload' || pathname.startsWith('/api/upload/')) return handler(request);
      return new Response('Not found', { status: 404 });
    },
  });
  await server.ready();
  return {
    url: server.url!,
    drives,
    async close() {
      await server.close(true);
      await drives.close();
    },
  };
}
