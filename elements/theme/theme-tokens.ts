/** `theme.tokens` → custom properties on the host. */
import { tokenNames, type TokenName, type TokenShortName } from './tokens.js';
import type { ResolvedMode } from './color-scheme.js';

/** Token values keyed by public name (`--svc-color-accent`) or short name (`color-accent`). */
export type ThemeTokenValues = { readonly [Name in TokenName | TokenShortName]?: string };

/** `theme.tokens`: values for both modes, and optionally ones that replace them in dark mode. */
export type ThemeTokens = ThemeTokenValues & { readonly dark?: ThemeTokenValues };

const KNOWN_NAMES = new Set<string>(tokenNames);

function toTokenName(key: string): TokenName | undefined {
  const name = key.startsWith('--') ? key : `--svc-${key}`;
  return KNOWN_NAMES.has(name) ? (name as TokenName) : undefined;
}

/**
 * The custom properties `theme.tokens` asks for in a mode. Unknown names and non-string values are
 * reported and skipped rather than set, since a typo would otherwise silently change nothing.
 */
export function toTokenProperties(
  tokens: ThemeTokens | null | undefined,
  mode: ResolvedMode,
  onIgnored: (key: string) => void = (key) => console.warn(`[svc-uploader] theme.tokens: "${key}" is not a design token`),
): Map<TokenName, string> {
  const properties = new Map<TokenName, string>();
  if (typeof tokens !== 'object' || tokens === null) return properties;
  const collect = (values: object) => {
    for (const [key, value] of Object.entries(values)) {
      if (key === 'dark') continue;
      const name = toTokenName(key);
      if (name === undefined || typeof value !== 'string') onIgnored(key);
      else properties.set(name, value.trim());
    }
  };
  collect(tokens);
  if (mode === 'dark' && typeof tokens.dark === 'object' && tokens.dark !== null) collect(tokens.dark);
  return properties;
}

/**
 * Sets the properties inline on the host (so they beat page rules and `styles/tokens.css`) and
 * removes the ones applied last time that are no longer asked for. Returns what is now applied.
 */
export function applyTokenProperties(
  host: HTMLElement,
  properties: ReadonlyMap<TokenName, string>,
  previouslyApplied: Iterable<TokenName> = [],
): Set<TokenName> {
  for (const name of previouslyApplied) {
    if (!properties.has(name)) host.style.removeProperty(name);
  }
  for (const [name, value] of properties) host.style.setProperty(name, value);
  return new Set(properties.keys());
}
