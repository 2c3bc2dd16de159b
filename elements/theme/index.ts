/** Theming runtime: design tokens, `theme.mode` and `theme.tokens`. */
export { designTokens, tokenNames, toPrivateName, tokenUsageReport } from './tokens.js';
export type { DesignToken, TokenCategory, TokenName, TokenShortName, TokenUsageReport } from './tokens.js';
export { globalTokensCss, hostTokensCss, MODE_ATTRIBUTE, publicTokensCss } from './token-css.js';
export { publicTokenStyles, tokenDefaultStyles } from './token-styles.js';
export { getSystemColorScheme, resolveThemeMode, watchSystemColorScheme } from './color-scheme.js';
export type { ResolvedMode, ThemeMode } from './color-scheme.js';
export { applyTokenProperties, toTokenProperties } from './theme-tokens.js';
export type { ThemeTokens, ThemeTokenValues } from './theme-tokens.js';
export { ThemeController } from './theme-controller.js';
export type { ThemeSettings } from './theme-controller.js';
export { SlotStylesController } from './slot-styles.js';
export { collectPageRules, selectorNamesClass } from './page-rules.js';
