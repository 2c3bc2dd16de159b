/**
 * Construction-time checks of the drive options, with messages that name the option.
 */
import { createConfigError } from '../errors.js';
import { assertDriveProvidersConfig } from './providers/registry.js';
import type { DriveProvidersConfig, DriveRouteOptions } from './types.js';
import { resolveDriveRouteOptions } from './route-options.js';

function assertTokenStore(tokenStore: unknown): void {
  if (tokenStore === undefined) return;
  const store = tokenStore as Record<string, unknown> | null;
  if (typeof store !== 'object' || store === null || !['get', 'set', 'delete'].every((method) => typeof store[method] === 'function')) {
    throw createConfigError('tokenStore must have async get(key), set(key, value, ttlSeconds) and delete(key), e.g. createMemoryTokenStore()');
  }
}

export function assertDriveConfig(config: {
  providers?: DriveProvidersConfig;
  tokenStore?: unknown;
  drives?: DriveRouteOptions;
  allowAnonymous?: boolean;
}): void {
  assertDriveProvidersConfig(config.providers);
  const options = resolveDriveRouteOptions(config.drives);
  // An anonymous flow has no user to come back as: every one of its callbacks would be refused.
  if (options.requireSignedInCallback && config.allowAnonymous === true) {
    throw createConfigError('drives.requireSignedInCallback needs every drive user to be signed in; it cannot be combined with allowAnonymous: true');
  }
  assertTokenStore(config.tokenStore);
}
