/** CSS texts generated from the token list, so values live in one place only. */
import { designTokens, toPrivateName, type DesignToken } from './tokens.js';

/** Attribute the theme runtime puts on the host with the resolved mode, `light` or `dark`. */
export const MODE_ATTRIBUTE = 'data-svc-mode';

function block(selector: string, declarations: readonly string[]): string {
  return `${selector} {\n${declarations.map((line) => `  ${line}\n`).join('')}}\n`;
}

const tokens: readonly DesignToken[] = designTokens;
const darkValues = tokens.flatMap(({ name, dark }) => (dark === undefined ? [] : [{ name, value: dark }]));
const forcedColorValues = tokens.flatMap(({ name, forcedColors }) => (forcedColors === undefined ? [] : [{ name, value: forcedColors }]));

/**
 * The element's defaults (`:host`): each private `--_x` reads the public `--svc-x` and falls back to
 * the value for the resolved mode. Under `forced-colors` the painted colours become system colours
 * whatever the page set, since the user's contrast choice outranks a theme.
 */
export function hostTokensCss(): string {
  return [
    block(':host', ['color-scheme: light;', ...tokens.map(({ name, light }) => `${toPrivateName(name)}: var(${name}, ${light});`)]),
    block(`:host([${MODE_ATTRIBUTE}="dark"])`, [
      'color-scheme: dark;',
      ...darkValues.map(({ name, value }) => `${toPrivateName(name)}: var(${name}, ${value});`),
    ]),
    `@media (forced-colors: active) {\n${block(
      `:host,\n:host([${MODE_ATTRIBUTE}="dark"])`,
      forcedColorValues.map(({ name, value }) => `${toPrivateName(name)}: ${value};`),
    )
      .replace(/^/gm, '  ')
      .trimEnd()}\n}\n`,
  ].join('\n');
}

/**
 * Inside `selector`, every public `--svc-x` holds the value in force (mode, theme, page value or
 * default), so markup styled with public names (a panel from another module, with its own
 * `<style>`) follows dark mode and `theme.tokens` like the element's own CSS.
 */
export function publicTokensCss(selector: string): string {
  return block(
    selector,
    tokens.map(({ name }) => `${name}: var(${toPrivateName(name)});`),
  );
}

/**
 * `styles/tokens.css`: every token for pages that style their own UI with the same values or want
 * to see what can be set. Hosts carry `data-svc-mode`, so the dark values reach a dark uploader
 * even when the page itself is light; any container may carry the attribute too.
 * @internal Exported for scripts/generate-tokens-css.ts and tests.
 */
export function globalTokensCss(): string {
  return [
    '/* Design tokens of svc-uploader. Generated from elements/theme/tokens.ts by\n' +
      '   scripts/generate-tokens-css.ts; edit the list there, not this file. */\n',
    // Light values on a light uploader only inside a dark container: declared on every light host they
    // would hide the page's own `:root { --svc-… }` values from it.
    block(
      `:root,\n[${MODE_ATTRIBUTE}="dark"] [${MODE_ATTRIBUTE}="light"]`,
      tokens.map(({ name, light }) => `${name}: ${light};`),
    ),
    block(
      `[${MODE_ATTRIBUTE}="dark"]`,
      darkValues.map(({ name, value }) => `${name}: ${value};`),
    ),
  ].join('\n');
}
