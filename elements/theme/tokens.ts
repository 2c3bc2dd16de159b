/**
 * The design tokens: the one list from which `styles/tokens.css`, the element's defaults and the
 * accepted keys of `theme.tokens` are all derived, and against which the element's CSS is checked.
 */

type TokenCategory = 'color' | 'radius' | 'shadow' | 'spacing' | 'typography' | 'motion';

export interface DesignToken {
  /** Public custom property, set by pages, `theme.tokens` or `styles/tokens.css`. */
  readonly name: `--svc-${string}`;
  readonly category: TokenCategory;
  readonly light: string;
  /** Value in dark mode when it differs from `light`. */
  readonly dark?: string;
  /** System colour under `forced-colors: active`, for colours the UI paints itself. */
  readonly forcedColors?: string;
  readonly description: string;
}

export const designTokens = [
  { name: '--svc-color-surface', category: 'color', light: '#ffffff', dark: '#111827', forcedColors: 'Canvas', description: 'Background of the uploader.' },
  {
    name: '--svc-color-surface-raised',
    category: 'color',
    light: '#f8fafc',
    dark: '#1f2937',
    forcedColors: 'Canvas',
    description: 'File cards, source views and menus above the surface.',
  },
  {
    name: '--svc-color-surface-sunken',
    category: 'color',
    light: '#f1f5f9',
    dark: '#0b1120',
    forcedColors: 'Canvas',
    description: 'Drop zone and progress track.',
  },
  { name: '--svc-color-text', category: 'color', light: '#0f172a', dark: '#f1f5f9', forcedColors: 'CanvasText', description: 'Main text.' },
  {
    name: '--svc-color-text-muted',
    category: 'color',
    light: '#475569',
    dark: '#94a3b8',
    forcedColors: 'CanvasText',
    description: 'Secondary text: sizes, hints, statuses.',
  },
  {
    name: '--svc-color-border',
    category: 'color',
    light: '#cbd5e1',
    dark: '#374151',
    forcedColors: 'CanvasText',
    description: 'Dividers and card outlines (decorative, below 3:1 by design).',
  },
  {
    name: '--svc-color-border-strong',
    category: 'color',
    light: '#64748b',
    dark: '#6b7280',
    forcedColors: 'CanvasText',
    description: 'Outlines that identify a control: inputs, the drop zone, secondary buttons (3:1 or more).',
  },
  {
    name: '--svc-color-accent',
    category: 'color',
    light: '#2563eb',
    dark: '#60a5fa',
    forcedColors: 'Highlight',
    description: 'Primary buttons, progress fill, links and active chips.',
  },
  {
    name: '--svc-color-accent-hover',
    category: 'color',
    light: '#1d4ed8',
    dark: '#93c5fd',
    forcedColors: 'Highlight',
    description: 'Accent under pointer hover or press.',
  },
  {
    name: '--svc-color-on-accent',
    category: 'color',
    light: '#ffffff',
    dark: '#0b1120',
    forcedColors: 'HighlightText',
    description: 'Text and icons drawn on the accent colour.',
  },
  {
    name: '--svc-color-accent-subtle',
    category: 'color',
    light: '#dbeafe',
    dark: '#1e3a8a',
    forcedColors: 'Canvas',
    description: 'Drag-over background and selected rows.',
  },
  {
    name: '--svc-color-success',
    category: 'color',
    light: '#15803d',
    dark: '#4ade80',
    forcedColors: 'CanvasText',
    description: 'Completed files and the completion check mark.',
  },
  {
    name: '--svc-color-warning',
    category: 'color',
    light: '#b45309',
    dark: '#fbbf24',
    forcedColors: 'CanvasText',
    description: 'Offline banner and paused files.',
  },
  {
    name: '--svc-color-danger',
    category: 'color',
    light: '#b91c1c',
    dark: '#f87171',
    forcedColors: 'CanvasText',
    description: 'Failures, rejections and destructive actions.',
  },
  {
    name: '--svc-color-danger-subtle',
    category: 'color',
    light: '#fee2e2',
    dark: '#450a0a',
    forcedColors: 'Canvas',
    description: 'Drop-rejected background and error rows.',
  },
  { name: '--svc-color-focus-ring', category: 'color', light: '#2563eb', dark: '#93c5fd', forcedColors: 'Highlight', description: 'Keyboard focus outline.' },
  {
    name: '--svc-color-backdrop',
    category: 'color',
    light: 'rgb(15 23 42 / 0.4)',
    dark: 'rgb(0 0 0 / 0.6)',
    forcedColors: 'Canvas',
    description: 'Scrim behind previews and editors.',
  },

  { name: '--svc-radius-small', category: 'radius', light: '4px', description: 'Inputs, small buttons, progress bars.' },
  { name: '--svc-radius-medium', category: 'radius', light: '8px', description: 'Buttons and file cards.' },
  { name: '--svc-radius-large', category: 'radius', light: '12px', description: 'The uploader container, drop zone and source views.' },
  { name: '--svc-radius-full', category: 'radius', light: '9999px', description: 'Source chips and round icon buttons.' },

  {
    name: '--svc-shadow-small',
    category: 'shadow',
    light: '0 1px 2px rgb(15 23 42 / 0.08)',
    dark: '0 1px 2px rgb(0 0 0 / 0.5)',
    description: 'File cards and chips.',
  },
  {
    name: '--svc-shadow-medium',
    category: 'shadow',
    light: '0 4px 12px rgb(15 23 42 / 0.12)',
    dark: '0 4px 12px rgb(0 0 0 / 0.55)',
    description: 'Source views sliding over the list.',
  },
  {
    name: '--svc-shadow-large',
    category: 'shadow',
    light: '0 12px 32px rgb(15 23 42 / 0.18)',
    dark: '0 12px 32px rgb(0 0 0 / 0.6)',
    description: 'Expanded previews and the editor.',
  },

  { name: '--svc-spacing-xsmall', category: 'spacing', light: '4px', description: 'Between an icon and its label.' },
  { name: '--svc-spacing-small', category: 'spacing', light: '8px', description: 'Inside chips and compact rows; between related controls.' },
  { name: '--svc-spacing-medium', category: 'spacing', light: '12px', description: 'Inside file cards and buttons.' },
  { name: '--svc-spacing-large', category: 'spacing', light: '16px', description: 'Between sections; padding of the uploader.' },
  { name: '--svc-spacing-xlarge', category: 'spacing', light: '24px', description: 'Padding of the drop zone.' },

  {
    name: '--svc-font-family',
    category: 'typography',
    light: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans CJK JP", sans-serif',
    description: 'Every text of the uploader.',
  },
  { name: '--svc-font-size-small', category: 'typography', light: '0.8125rem', description: 'Sizes, statuses, hints.' },
  { name: '--svc-font-size-medium', category: 'typography', light: '0.9375rem', description: 'Body text, buttons and file names.' },
  { name: '--svc-font-size-large', category: 'typography', light: '1.125rem', description: 'Drop zone title and summary heading.' },
  { name: '--svc-font-weight-normal', category: 'typography', light: '400', description: 'Body text.' },
  { name: '--svc-font-weight-strong', category: 'typography', light: '600', description: 'Headings, file names and buttons.' },
  { name: '--svc-line-height', category: 'typography', light: '1.5', description: 'Line height of all text.' },

  { name: '--svc-motion-duration-short', category: 'motion', light: '120ms', description: 'Hover, focus and colour changes.' },
  { name: '--svc-motion-duration-medium', category: 'motion', light: '240ms', description: 'Source views sliding in and out; list items appearing.' },
  { name: '--svc-motion-easing', category: 'motion', light: 'cubic-bezier(0.2, 0, 0, 1)', description: 'Easing of every transition.' },
] as const satisfies readonly DesignToken[];

/** Public token names: `--svc-color-accent`, … */
export type TokenName = (typeof designTokens)[number]['name'];

/** The same names without the prefix, as `theme.tokens` also accepts them: `color-accent`, … */
export type TokenShortName = TokenName extends `--svc-${infer Short}` ? Short : never;

export const tokenNames: readonly TokenName[] = designTokens.map((token) => token.name);

/**
 * The private property a token is read through inside the element: `--svc-x` → `--_x`. Component
 * CSS reads only private names; the defaults sheet maps each to the public one with a fallback.
 */
export function toPrivateName(name: string): `--_${string}` {
  return `--_${name.slice('--svc-'.length)}`;
}

/** @internal Exported for tests. */
export interface TokenUsageReport {
  /** Tokens that no rule reads (through the public or the private name). */
  unused: TokenName[];
  /** `var(--svc-…)` or `var(--_…)` references that name no token and no property the CSS declares. */
  undefined: string[];
}

const DECLARATION = /(--[\w-]+)\s*:([^;{}]*)/g;
const VARIABLE_REFERENCE = /var\(\s*(--[\w-]+)/g;

/**
 * Checks CSS texts (the element's stylesheets, as `cssText`) against the token list, so a test can
 * fail when a token is defined but nothing reads it, or CSS reads a token that does not exist.
 * The defaults sheet's own mapping (`--_x: var(--svc-x, …)`) and its reverse (`--svc-x: var(--_x)`)
 * are not uses; any other reference is.
 * @internal Exported for tests.
 */
export function tokenUsageReport(cssTexts: readonly string[]): TokenUsageReport {
  const css = cssTexts.join('\n').replace(/\/\*[\s\S]*?\*\//g, '');
  const declared = new Set<string>();
  const mappings = new Set<string>();
  for (const [, property, value] of css.matchAll(DECLARATION)) {
    declared.add(property!);
    for (const [, referenced] of value!.matchAll(VARIABLE_REFERENCE)) {
      // `--_x: var(--svc-x, …)` (the defaults) and `--svc-x: var(--_x)` (re-exported for panels) only
      // move a value between names; neither paints anything.
      const isMapping =
        (referenced!.startsWith('--svc-') && property === toPrivateName(referenced!)) ||
        (property!.startsWith('--svc-') && referenced === toPrivateName(property!));
      if (isMapping) mappings.add(`${property}|${referenced}`);
    }
  }

  const read = new Set<string>();
  for (const [, property, value] of css.matchAll(DECLARATION)) {
    for (const [, referenced] of value!.matchAll(VARIABLE_REFERENCE)) {
      if (!mappings.has(`${property}|${referenced}`)) read.add(referenced!);
    }
  }
  for (const [, referenced] of css.replace(DECLARATION, '').matchAll(VARIABLE_REFERENCE)) read.add(referenced!);

  // Private names only exist where a sheet declares them: without the defaults sheet they are unset.
  const known = new Set<string>([...tokenNames, ...declared]);
  return {
    unused: tokenNames.filter((name) => !read.has(name) && !read.has(toPrivateName(name))),
    undefined: [...read].filter((name) => (name.startsWith('--svc-') || name.startsWith('--_')) && !known.has(name)).sort(),
  };
}
