// One handler per server process: it caches S3 clients and the health probe.
import { createUploadHandler } from 'svc-uploader/server';

export const uploadHandler = createUploadHandler({
  storage: {
    type: process.env.S3_TYPE ?? 'aws',
    bucket: process.env.S3_BUCKET ?? '',
    region: process.env.S3_REGION ?? '',
    endpoint: process.env.S3_ENDPOINT,
    forcePathStyle: Boolean(process.env.S3_ENDPOINT),
    // Credentials come from the AWS SDK's default chain (AWS_ACCESS_KEY_ID and
    // AWS_SECRET_ACCESS_KEY, a profile, or the instance role).
  },
  uploadTokenSecret: process.env.UPLOAD_TOKEN_SECRET,
  // Closed by default: open it with your session lookup (a stable user id or null; see
  // docs/server.md), or for a demo with anonymous uploads.
  // getUserId: async (req) => (await readSession(req))?.userId ?? null,
  allowAnonymousUploads: process.env.ALLOW_ANONYMOUS === '1',
});
