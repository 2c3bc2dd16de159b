/**
 * Construction-time checks of the drive options, with messages that name the option.
 */
import { createConfigError } from '../errors.js';
import { assertDriveProvidersConfig } from './providers/registry.js';
import type { DriveProvidersConfig, DriveRouteOptions } from './types.js';
import { resolveDriveRouteOptions } from './upstream-limits.js';

function assertTokenStore(tokenStore: unknown): void {
  if (tokenStore === undefined) return;
  const store = tokenStore as Record<string, unknown> | null;
  if (typeof store !== 'object' || store === null || !['get', 'set', 'delete'].every((method) => typeof store[method] === 'function')) {
    throw createConfigError('tokenStore must have async get(key), set(key, value, ttlSeconds) and delete(key), e.g. createMemoryTokenStore()');
  }
}

export function assertDriveConfig(config: { providers?: DriveProvidersConfig; tokenStore?: unknown; drives?: DriveRouteOptions }): void {
  assertDriveProvidersConfig(config.providers);
  resolveDriveRouteOptions(config.drives);
  assertTokenStore(config.tokenStore);
}
