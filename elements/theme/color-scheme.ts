/** `theme.mode`: light, dark, or the operating system's preference, followed live. */

export type ThemeMode = 'light' | 'dark' | 'system';
export type ResolvedMode = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** What the operating system (or an emulated preference) currently asks for. */
function getSystemColorScheme(): ResolvedMode {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** Light unless dark is asked for, or `system` and the system prefers dark. */
export function resolveThemeMode(mode: ThemeMode | undefined, system: ResolvedMode = getSystemColorScheme()): ResolvedMode {
  if (mode === 'dark') return 'dark';
  if (mode === 'system') return system;
  return 'light';
}

/** Calls `onChange` whenever the system preference flips; returns the function that stops it. */
export function watchSystemColorScheme(onChange: (mode: ResolvedMode) => void): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  const query = matchMedia(DARK_QUERY);
  const listener = (event: MediaQueryListEvent) => onChange(event.matches ? 'dark' : 'light');
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}
