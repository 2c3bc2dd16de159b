// One handler per server process: it caches S3 clients and the health probe. Created on the first
// request rather than at import, because `vite build` imports server modules to analyse them, when
// the variables below are not set and the handler would refuse its configuration.
import { env } from '$env/dynamic/private';
import { createUploadHandler } from 'svc-uploader/server';

let uploadHandler: ((request: Request) => Promise<Response>) | undefined;

export function getUploadHandler(): (request: Request) => Promise<Response> {
  uploadHandler ??= createUploadHandler({
    storage: {
      type: env.S3_TYPE ?? 'aws',
      bucket: env.S3_BUCKET ?? '',
      region: env.S3_REGION ?? '',
      endpoint: env.S3_ENDPOINT || undefined,
      forcePathStyle: Boolean(env.S3_ENDPOINT),
      // Credentials come from the AWS SDK's default chain (AWS_ACCESS_KEY_ID and
      // AWS_SECRET_ACCESS_KEY, a profile, or the instance role).
    },
    uploadTokenSecret: env.UPLOAD_TOKEN_SECRET,
    // Same origin as the pages, so no `cors` block is needed. Closed by default: open it with your
    // session lookup (a stable user id or null; see docs/server.md), or for a demo with anonymous
    // uploads.
    // getUserId: async (request) => (await readSession(request))?.userId ?? null,
    allowAnonymousUploads: env.ALLOW_ANONYMOUS_UPLOADS === '1',
  });
  return uploadHandler;
}
