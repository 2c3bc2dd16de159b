import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { resolveThemeMode, watchSystemColorScheme, type ResolvedMode, type ThemeMode } from './color-scheme.js';
import { applyTokenProperties, toTokenProperties, type ThemeTokens } from './theme-tokens.js';
import { MODE_ATTRIBUTE } from './token-css.js';
import type { TokenName } from './tokens.js';

/** The parts of the `theme` prop this controller handles (`slots` belong to the templates). */
export interface ThemeSettings {
  readonly mode?: ThemeMode;
  readonly tokens?: ThemeTokens;
}

/**
 * Applies `theme.mode` and `theme.tokens` to a host: the resolved mode as `data-svc-mode` (which the
 * defaults sheet and `styles/tokens.css` key their dark values on) and the tokens as inline custom
 * properties. In `system` mode it follows `prefers-color-scheme` while the host is connected.
 */
export class ThemeController implements ReactiveController {
  #host: ReactiveControllerHost & HTMLElement;
  #readTheme: () => ThemeSettings | null | undefined;
  #theme: ThemeSettings | null | undefined;
  #mode: ResolvedMode = 'light';
  #applied = new Set<TokenName>();
  #stopWatching: (() => void) | undefined;

  constructor(host: ReactiveControllerHost & HTMLElement, readTheme: () => ThemeSettings | null | undefined) {
    this.#host = host;
    this.#readTheme = readTheme;
    host.addController(this);
  }

  /** The mode in effect: `light` or `dark`. */
  get mode(): ResolvedMode {
    return this.#mode;
  }

  hostConnected(): void {
    this.#theme = this.#readTheme();
    this.#apply();
  }

  hostDisconnected(): void {
    this.#stopWatching?.();
    this.#stopWatching = undefined;
  }

  hostUpdate(): void {
    const theme = this.#readTheme();
    if (theme === this.#theme) return;
    this.#theme = theme;
    this.#apply();
  }

  #apply(): void {
    const requested = this.#theme?.mode;
    if (requested === 'system') {
      this.#stopWatching ??= watchSystemColorScheme(() => {
        this.#apply();
        this.#host.requestUpdate();
      });
    } else {
      this.#stopWatching?.();
      this.#stopWatching = undefined;
    }
    this.#mode = resolveThemeMode(requested);
    this.#host.setAttribute(MODE_ATTRIBUTE, this.#mode);
    this.#applied = applyTokenProperties(this.#host, toTokenProperties(this.#theme?.tokens, this.#mode), this.#applied);
  }
}
