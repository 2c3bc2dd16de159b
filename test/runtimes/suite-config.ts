/**
 * The one handler configuration every runtime serves in the runtime suite: an auth gate, a size
 * cap, a type list and CORS for one page origin, so the flow meets each kind of refusal. It has no
 * imports, so the same file goes into the Node-like bundle and into the Worker.
 */
import type { UploadHandlerConfig } from '../../server/index.js';

export interface RuntimeSuiteSettings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The page the flow pretends to be; its origin is the only one CORS and the origin check accept. */
export const SUITE_ORIGIN = 'https://app.example.com';
/** What the auth gate wants in `authorization`. */
export const SUITE_BEARER = 'Bearer runtime-suite-caller';
export const SUITE_MAX_FILE_SIZE = 16 * 1024 * 1024;
export const SUITE_ALLOWED_TYPES = ['text/plain', 'application/octet-stream'];

export function runtimeSuiteConfig(settings: RuntimeSuiteSettings): UploadHandlerConfig {
  return {
    storage: {
      type: 's3',
      bucket: settings.bucket,
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    },
    uploadTokenSecret: 'runtime-suite-upload-token-secret',
    auth: (req) => req.headers.get('authorization') === SUITE_BEARER,
    allowAnonymousUploads: true,
    maxFileSize: SUITE_MAX_FILE_SIZE,
    allowedTypes: SUITE_ALLOWED_TYPES,
    cors: { allowedOrigins: [SUITE_ORIGIN] },
  };
}
