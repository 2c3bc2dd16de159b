import type { InstalledRuntime } from './install.mjs';
import type { RuntimeBundles } from './bundle.mjs';

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
  output(): string;
}
export function serverCommand(name: string, runtimes: Record<string, InstalledRuntime>, bundles: RuntimeBundles, settings: object): [string, string[]];
export function startServer(command: string, args: string[]): Promise<RunningServer>;
