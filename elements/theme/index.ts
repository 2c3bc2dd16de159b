/** Theming runtime: design tokens, `theme.mode` and `theme.tokens`. */
export { designTokens, tokenNames } from './tokens.js';
export type { DesignToken, TokenName } from './tokens.js';
export { MODE_ATTRIBUTE } from './token-css.js';
export { publicTokenStyles, tokenDefaultStyles } from './token-styles.js';
export { resolveThemeMode, watchSystemColorScheme } from './color-scheme.js';
export type { ResolvedMode, ThemeMode } from './color-scheme.js';
export { applyTokenProperties, toTokenProperties } from './theme-tokens.js';
export type { ThemeTokens, ThemeTokenValues } from './theme-tokens.js';
export { ThemeController } from './theme-controller.js';
export type { ThemeSettings } from './theme-controller.js';
export { SlotStylesController } from './slot-styles.js';
