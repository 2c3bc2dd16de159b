export interface RuntimeBundles {
  /** One ES module for Node, Bun and Deno: `createSuiteHandler` and `toNodeListener`. */
  nodeLike: string;
  /** The Worker, bundled with Wrangler's defaults. */
  worker: string;
}
export const WRANGLER_DEFAULTS: Record<string, unknown>;
export function bundleForRuntimes(): Promise<RuntimeBundles>;
