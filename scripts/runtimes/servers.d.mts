import type { InstalledRuntime } from './install.mjs';
import type { RuntimeBundles } from './bundle.mjs';

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
  output(): string;
}
export function serverCommand(name: string, runtimes: Record<string, InstalledRuntime>, bundles: RuntimeBundles, settings: object): [string, string[]];
/** `env` is laid over this process's environment; a variable set to `undefined` is removed. */
export function startServer(command: string, args: string[], env?: Record<string, string | undefined>): Promise<RunningServer>;
