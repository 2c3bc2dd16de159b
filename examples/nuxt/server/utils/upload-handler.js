// One handler per server process: it caches S3 clients and the health probe.
import { createUploadHandler } from 'svc-uploader/server';

export const uploadHandler = createUploadHandler({
  storage: {
    type: process.env.NUXT_S3_TYPE ?? 'aws',
    bucket: process.env.NUXT_S3_BUCKET ?? '',
    region: process.env.NUXT_S3_REGION ?? '',
    endpoint: process.env.NUXT_S3_ENDPOINT,
    forcePathStyle: Boolean(process.env.NUXT_S3_ENDPOINT),
    // Credentials come from the AWS SDK's default chain (AWS_ACCESS_KEY_ID and
    // AWS_SECRET_ACCESS_KEY, a profile, or the instance role).
  },
  uploadTokenSecret: process.env.NUXT_UPLOAD_TOKEN_SECRET,
  // Same origin as the Nuxt app, so no `cors` block is needed. Closed by default: open it with your
  // session lookup (a stable user id or null; see docs/server.md), or for a demo with anonymous uploads.
  // getUserId: async (req) => (await readSession(req))?.userId ?? null,
  allowAnonymousUploads: process.env.NUXT_ALLOW_ANONYMOUS === '1',
});
