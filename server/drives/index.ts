/**
 * The cloud-drive routes: GET /auth/:provider, GET /auth/:provider/cb, POST /auth/:provider/sign-out,
 * GET /files/:provider, GET /files/:provider/thumbnail and POST /files/:provider/transfer. The router hands them here with the shared route context
 * (see `RouteContext` in ../internal/routes/context.ts): they throw `UpupError` with a status for
 * a client-visible failure; anything else becomes the route's 500 body, reported to `onError`.
 */
import { UpupErrorCode } from '../errors.js';
import type { RouteContext, RouteFailure } from '../internal/routes/context.js';
import { finishAuthorizationRoute } from './routes/auth-callback.js';
import { startAuthorizationRoute } from './routes/auth-start.js';
import { listFilesRoute } from './routes/list-files.js';
import { signOutRoute } from './routes/sign-out.js';
import { thumbnailRoute } from './routes/thumbnail.js';
import { transferFileRoute } from './routes/transfer-file.js';

export type DriveRoute = 'auth' | 'auth-callback' | 'sign-out' | 'files' | 'thumbnail' | 'transfer';

/** The 500 body each drive route answers for an unanticipated throw. */
export const driveRouteFailures: Record<DriveRoute, RouteFailure> = {
  auth: { message: 'Internal error', code: UpupErrorCode.STORAGE_ERROR },
  'auth-callback': { message: 'Internal error', code: UpupErrorCode.STORAGE_ERROR },
  'sign-out': { message: 'Internal error', code: UpupErrorCode.STORAGE_ERROR },
  files: { message: 'Drive request failed', code: UpupErrorCode.STORAGE_ERROR },
  thumbnail: { message: 'Drive request failed', code: UpupErrorCode.STORAGE_ERROR },
  transfer: { message: 'Drive request failed', code: UpupErrorCode.STORAGE_ERROR },
};

export function handleDriveRoute(ctx: RouteContext, route: DriveRoute): Promise<Response> {
  switch (route) {
    case 'auth':
      return startAuthorizationRoute(ctx);
    case 'auth-callback':
      return finishAuthorizationRoute(ctx);
    case 'sign-out':
      return signOutRoute(ctx);
    case 'files':
      return listFilesRoute(ctx);
    case 'thumbnail':
      return thumbnailRoute(ctx);
    case 'transfer':
      return transferFileRoute(ctx);
  }
}
