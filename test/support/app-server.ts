// Serves a built front-end app (a folder of static files) with the real upload handler mounted at
// /api/upload, the way an application serves its pages next to svc-uploader/server.
import { serve } from 'srvx';
import { staticMiddleware } from 'srvx/static';
import { createUploadHandler } from '../../server/index.js';
import { getTestStorage } from './storage.js';

export interface AppServer {
  url: string;
  close(): Promise<void>;
}

/** Serves a folder of static files; `fetch` answers whatever the files do not. */
export async function startStaticServer(staticDir: string, fetch: (request: Request) => Response | Promise<Response> = notFound): Promise<AppServer> {
  const server = serve({ port: 0, hostname: '127.0.0.1', silent: true, middleware: [staticMiddleware({ dir: staticDir })], fetch });
  await server.ready();
  return { url: server.url!, close: () => server.close(true) };
}

/** Serves a built app with the upload handler at /api/upload, configured for the test storage. */
export async function startAppServer(staticDir: string): Promise<AppServer> {
  const storage = await getTestStorage();
  const handler = createUploadHandler({
    storage: storage.storageConfig(),
    uploadTokenSecret: 'end-to-end-tests-upload-token-secret',
    // Anonymous uploads keep the apps free of a login; real deployments configure getUserId.
    allowAnonymousUploads: true,
  });
  return startStaticServer(staticDir, (request) => {
    const { pathname } = new URL(request.url);
    return pathname === '/api/upload' || pathname.startsWith('/api/upload/') ? handler(request) : notFound();
  });
}

function notFound(): Response {
  return new Response('Not found', { status: 404 });
}
