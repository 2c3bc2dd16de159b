/**
 * The browser bundle's `engine` chunk, derived from the module graph instead of a list of file
 * names: the modules the engine's entry reaches by static imports that the chunk plan
 * (elements/svc-uploader/chunk-plan.ts) counts as the engine's, its folders less what the first
 * paint carries. A module moved or added inside those folders lands where its imports put it.
 */
import { relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

interface EngineChunkSettings {
  /** The engine's entry, relative to the project root. */
  entry: string;
  /** Whether a module (path relative to the project root) travels in the engine's chunk once the entry reaches it. */
  belongs(path: string): boolean;
}

/** A plugin that reads the module graph once it is complete, and the chunk group's test over it. */
export function engineChunk(settings: EngineChunkSettings): { plugin: Plugin; test: (id: string) => boolean } {
  let root = process.cwd();
  let members = new Set<string>();
  const plugin: Plugin = {
    name: 'svc-engine-chunk',
    configResolved(config) {
      root = config.root;
    },
    buildEnd() {
      const reached = new Set<string>();
      const pending = [resolve(root, settings.entry)];
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (reached.has(id)) continue;
        reached.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      members = new Set([...reached].filter((id) => settings.belongs(relative(root, id))));
    },
  };
  return { plugin, test: (id) => members.has(id) };
}
