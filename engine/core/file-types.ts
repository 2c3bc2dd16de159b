import { FILE_TYPE_PRESETS, type FileTypePresetName } from './file-type-presets.js';

/** Accepts every type: the default `'*'`, or an empty list. */
const WILDCARDS = new Set(['*', '*/*']);

/**
 * Expands `allowedFileTypes` into tokens: arrays are joined with commas, each token is looked up
 * among the presets (case-insensitive) and otherwise kept verbatim.
 */
export function expandAllowedFileTypes(allowed: string | readonly string[] | undefined): string[] {
  const joined = Array.isArray(allowed) ? allowed.join(',') : (allowed ?? '*');
  const tokens: string[] = [];
  for (const raw of String(joined).split(',')) {
    const token = raw.trim().toLowerCase();
    if (!token) continue;
    if (Object.hasOwn(FILE_TYPE_PRESETS, token)) {
      tokens.push(...FILE_TYPE_PRESETS[token as FileTypePresetName]);
    } else {
      tokens.push(token);
    }
  }
  return tokens;
}

/** The expanded list as an `accept` attribute value (`''` when every type is allowed). */
export function toAcceptAttribute(allowed: string | readonly string[] | undefined): string {
  const tokens = expandAllowedFileTypes(allowed);
  return tokens.some((token) => WILDCARDS.has(token)) ? '' : [...new Set(tokens)].join(',');
}

/**
 * Whether a file matches one of the tokens: `*` matches all; `type/*` a MIME family; `type/sub`
 * an exact MIME; `.ext` (or a bare `ext`) the end of the file name.
 */
export function matchesFileType(file: { name: string; type: string }, tokens: readonly string[]): boolean {
  if (tokens.length === 0) return true;
  const mime = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  return tokens.some((token) => {
    if (WILDCARDS.has(token)) return true;
    if (token.includes('/')) {
      if (token.endsWith('/*')) return mime.startsWith(token.slice(0, -1));
      return mime === token;
    }
    const extension = token.startsWith('.') ? token : `.${token}`;
    return name.endsWith(extension);
  });
}
