/** Names the handler instance that served a response (test servers only). */
export const INSTANCE_HEADER = 'x-svc-instance';
/** Every instance signs upload tokens with the same secret, so any of them accepts any token. */
export const SCALE_OUT_SECRET = 'scale-out-tests-upload-token-secret';
export const MOUNT = '/api/upload';
