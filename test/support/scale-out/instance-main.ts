// One handler instance of the scale-out cluster, as its own process: the real upload handler with
// the test storage and drive tokens, OAuth state and refresh locks in the shared Redis. Every
// answer names the instance in `x-svc-instance`, so tests see which process served each request.
// Configured by the SCALE_OUT_* variables `cluster.ts` sets; prints `ready` once it listens.
import { serve } from 'srvx';
import { createStorage } from 'unstorage';
import redisDriver from 'unstorage/drivers/redis';
import { createUnstorageTokenStore, createUploadHandler } from '../../../server/index.js';
import { getTestStorage } from '../storage.js';
import { INSTANCE_HEADER, SCALE_OUT_SECRET } from './constants.js';

const name = process.env.SCALE_OUT_NAME!;
const port = Number(process.env.SCALE_OUT_PORT);
const redisUrl = process.env.SCALE_OUT_REDIS_URL!;
const providers = process.env.SCALE_OUT_PROVIDERS ? JSON.parse(process.env.SCALE_OUT_PROVIDERS) : undefined;

function readSessionUser(request: Request): string | null {
  const match = /(?:^|;\s*)session=([^;]{1,200})/.exec(request.headers.get('cookie') ?? '');
  return match ? decodeURIComponent(match[1]!) : null;
}

const storage = await getTestStorage();
const handler = createUploadHandler({
  storage: storage.storageConfig(),
  uploadTokenSecret: SCALE_OUT_SECRET,
  getUserId: readSessionUser,
  ...(providers ? { providers } : {}),
  tokenStore: createUnstorageTokenStore(createStorage({ driver: redisDriver({ url: redisUrl }) })),
});

const server = serve({
  port,
  hostname: '127.0.0.1',
  silent: true,
  async fetch(request) {
    const answer = await handler(request);
    const headers = new Headers(answer.headers);
    headers.set(INSTANCE_HEADER, name);
    return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
  },
});
await server.ready();
console.log('ready');
