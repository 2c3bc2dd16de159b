// Every upload route under /api/upload (/presign, /multipart/init, /health...), whatever its
// method: the handler takes the Web Request SvelteKit gives and returns the Response to send.
import type { RequestHandler } from './$types';
import { getUploadHandler } from '$lib/server/upload-handler';

export const fallback: RequestHandler = ({ request }) => getUploadHandler()(request);
