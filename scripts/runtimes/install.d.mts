export type RuntimeName = 'node20' | 'node22' | 'node24' | 'node26' | 'bun' | 'deno' | 'miniflare';
/** A runtime found or installed: its binary, or the module to import (Miniflare), or why it is skipped. */
export type InstalledRuntime = { binary: string } | { module: string } | { skip: string };
export const RUNTIMES_CACHE: string;
export const RUNTIME_PACKAGES: Record<RuntimeName, { spec: string; binary?: string[]; module?: string }>;
export function platformSupport(): string | null;
export function ensureRuntimes(names?: RuntimeName[]): Record<RuntimeName, InstalledRuntime>;
