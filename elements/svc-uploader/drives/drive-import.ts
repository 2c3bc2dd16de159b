/**
 * Turns chosen drive entries into remote files for the engine: each joins the list at once and,
 * when its turn comes, asks the handler to copy it into the bucket (`POST /files/:provider/transfer`).
 */
// Types only: the engine's classes stay in the main bundle instead of being split into a shared chunk.
import type { RemoteFileInput, RemoteTransferContext } from '../../../engine/index.js';
import { isDriveRequestError, type DriveApi } from './drive-api.js';
import { writeSessionNote } from './drive-session.js';
import type { DriveFileEntry } from './drive-types.js';

function toFailure(error: unknown, api: DriveApi, context: RemoteTransferContext): unknown {
  if (!isDriveRequestError(error)) return error;
  if (error.reauth) {
    writeSessionNote(api, 'reauth');
    return context.failure({ code: 'REAUTH_REQUIRED', status: 401, message: `${api.provider}: the drive asks for a new sign-in`, retryable: false });
  }
  return context.failure({
    code: 'HTTP_ERROR',
    status: error.status,
    message: error.message,
    ...(error.serverCode ? { serverCode: error.serverCode } : {}),
    // The handler decided on a 4xx (too large, type not allowed); a 5xx may pass on a retry.
    retryable: error.status >= 500 || error.status === 408 || error.status === 429,
  });
}

export function toRemoteFile(api: DriveApi, entry: DriveFileEntry): RemoteFileInput {
  return {
    name: entry.name,
    size: entry.size ?? 0,
    type: entry.mimeType ?? '',
    lastModified: Date.parse(entry.modifiedAt ?? '') || Date.now(),
    reference: { provider: api.provider, fileId: entry.id },
    async transfer(context) {
      const { signal } = context;
      const { headers } = await context.requestContext();
      try {
        const stored = await api.transfer(entry, signal, headers);
        return { key: stored.key, size: stored.size, name: stored.name, type: stored.type, downloadUrl: stored.url };
      } catch (error) {
        signal.throwIfAborted();
        throw toFailure(error, api, context);
      }
    },
  };
}
