/**
 * The checks every drive route starts with, in the contract's order: a known provider slug, a
 * token store, a configured provider, a caller identity. And the re-auth answer they share.
 */
import { UpupError } from '../../errors.js';
import { reportError } from '../../internal/error-report.js';
import { ANONYMOUS_USER_ID } from '../../internal/identity.js';
import { toJsonResponse } from '../../internal/responses.js';
import type { RouteContext } from '../../internal/routes/context.js';
import type { HandlerSettings } from '../../internal/settings.js';
import type { DriveProvider } from '../providers/drive-provider.js';
import { createDriveProviderRegistry, type DriveProviderRegistry } from '../providers/registry.js';
import { findDriveProvider, type DriveProviderDescription } from '../providers/descriptions.js';
import type { DriveTokenStore } from '../types.js';
import { resolveDriveRouteOptions, type ResolvedDriveRouteOptions } from '../route-options.js';
import type { UpstreamLimits } from '../upstream-limits.js';
import type { DriveReauthBody } from '../../../protocol/wire.js';

function failure(status: number, message: string, detail?: string): UpupError {
  return new UpupError(message, undefined, { status, ...(detail ? { cause: new Error(detail) } : {}) });
}

const registries = new WeakMap<HandlerSettings, DriveProviderRegistry>();

/** The handler's providers, built on first use and kept for its lifetime. */
function getRegistry(settings: HandlerSettings): DriveProviderRegistry {
  let registry = registries.get(settings);
  if (!registry) {
    registry = createDriveProviderRegistry(settings.config.providers);
    registries.set(settings, registry);
  }
  return registry;
}

/** No slug is longer than a dozen characters; an unknown one is echoed only this far. */
const MAX_ECHOED_SLUG_LENGTH = 64;

/** 400 `Unknown provider: <slug>` for anything but the four slugs (the slug cut to 64 characters). */
export function requireProviderSlug(ctx: RouteContext): DriveProviderDescription {
  const slug = ctx.params.provider ?? '';
  const description = findDriveProvider(slug);
  if (!description) throw failure(400, `Unknown provider: ${slug.slice(0, MAX_ECHOED_SLUG_LENGTH)}`, `slug of ${slug.length} characters`);
  return description;
}

export function requireTokenStore(ctx: RouteContext, message: string): DriveTokenStore {
  const store = ctx.settings.config.tokenStore;
  if (!store) throw failure(500, message, 'the handler has no tokenStore');
  return store;
}

/** 400 `<Provider> not configured` when `providers` has no entry for it. */
export function requireConfiguredProvider(ctx: RouteContext, description: DriveProviderDescription): DriveProvider {
  const provider = getRegistry(ctx.settings).get(description.slug);
  if (!provider) throw failure(400, `${description.displayName} not configured`);
  return provider;
}

async function askUserId(ctx: RouteContext): Promise<string | undefined> {
  const { getUserId } = ctx.settings.config;
  const userId = getUserId ? await getUserId(ctx.req) : null;
  return typeof userId === 'string' && userId !== '' ? userId : undefined;
}

/** The drive-token namespace: the user id, or the shared anonymous one when `allowAnonymous` is set. */
export async function requireDriveUserId(ctx: RouteContext): Promise<string> {
  const userId = await askUserId(ctx);
  if (userId !== undefined) return userId;
  if (ctx.settings.config.allowAnonymous === true) return ANONYMOUS_USER_ID;
  throw failure(401, 'Unauthenticated', 'getUserId returned no user id');
}

/**
 * The user the callback request itself carries, when it carries one. The callback is a top-level
 * navigation, so a bearer-only `getUserId` sees nobody there. A throwing `getUserId` (a broken or
 * tampered session) is a refusal: nothing is stored for a caller the host could not identify.
 */
export async function findCallbackUserId(ctx: RouteContext): Promise<string | undefined> {
  try {
    return await askUserId(ctx);
  } catch (error) {
    throw new UpupError('Could not identify the signed-in user', undefined, { status: 400, cause: error });
  }
}

const routeOptions = new WeakMap<HandlerSettings, ResolvedDriveRouteOptions>();

/** `drives` with its defaults, checked at construction and resolved once per handler. */
export function getDriveRouteOptions(settings: HandlerSettings): ResolvedDriveRouteOptions {
  let options = routeOptions.get(settings);
  if (!options) {
    options = resolveDriveRouteOptions(settings.config.drives);
    routeOptions.set(settings, options);
  }
  return options;
}

/** The provider a drive route serves, as a label: one of the four slugs, never what the path says otherwise. */
export function toProviderLabel(ctx: RouteContext): string {
  return findDriveProvider(ctx.params.provider ?? '')?.slug ?? 'unknown';
}

/** This request's upstream limits: the configured timeout, the client's abort signal, and its observers. */
export function getUpstreamLimits(ctx: RouteContext): UpstreamLimits {
  const limits: UpstreamLimits = { signal: ctx.req.signal, timeoutMs: getDriveRouteOptions(ctx.settings).timeoutMs };
  if (ctx.telemetry.active) {
    const provider = toProviderLabel(ctx);
    limits.observeCall = (operation) => ctx.telemetry.providerCall(provider, operation);
  }
  return limits;
}

/** The key namespace of `keyStrategy` and the default keys: `null` is the anonymous one. */
export function toKeyUserId(driveUserId: string): string | null {
  return driveUserId === ANONYMOUS_USER_ID ? null : driveUserId;
}

/** `401 {reauth: true, provider}`: the client restarts at GET /auth/:provider. The cause goes to `onError`. */
export function toReauthResponse(ctx: RouteContext, provider: DriveProviderDescription, cause: unknown): Response {
  reportError(ctx.settings.hooks, {
    requestId: ctx.requestId,
    route: ctx.route,
    method: ctx.req.method,
    status: 401,
    message: `${provider.displayName} needs to be connected again`,
    error: cause,
  });
  const body: DriveReauthBody = { reauth: true, provider: provider.slug };
  return toJsonResponse(body, 401);
}
