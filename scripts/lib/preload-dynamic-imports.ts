/**
 * A browser fetches the static imports of a lazily imported chunk only once that chunk has arrived
 * and been parsed: a second round trip (and a third for theirs) before the code can run. This
 * plugin makes every `import("./chunk.js")` of the bundle also start, in the same turn, the imports
 * of that chunk that the importing chunk does not already have, so a first use costs one round trip.
 * The extra imports only fetch and evaluate early what would be evaluated first anyway; a failure
 * is left to the real import, which reports it.
 */
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** Chunks sit side by side in the output folder, so a relative specifier is a file name. */
const DYNAMIC_IMPORT = /\bimport\(\s*([`"'])\.\/([^`"'\s/]+\.js)\1\s*\)/g;

export function preloadDynamicImports(): Plugin {
  return {
    name: 'svc-preload-dynamic-imports',
    renderChunk(code, chunk, _options, meta) {
      const importsOf = (fileName: string): readonly string[] => meta.chunks[fileName]?.imports ?? [];
      const closure = (fileName: string, seen = new Set<string>()): Set<string> => {
        for (const imported of importsOf(fileName)) {
          if (seen.has(imported)) continue;
          seen.add(imported);
          closure(imported, seen);
        }
        return seen;
      };
      const present = closure(chunk.fileName).add(chunk.fileName);
      const text = new MagicString(code);
      for (const match of code.matchAll(DYNAMIC_IMPORT)) {
        const missing = [...closure(match[2]!)].filter((fileName) => !present.has(fileName));
        if (missing.length === 0) continue;
        const early = missing.map((fileName) => `import("./${fileName}").catch(() => {})`).join(', ');
        text.prependLeft(match.index, `(${early}, `);
        text.appendRight(match.index + match[0].length, ')');
      }
      if (!text.hasChanged()) return null;
      return { code: text.toString(), map: text.generateMap({ hires: true }) };
    },
  };
}
