/** A minimal element themed the way `<svc-uploader>` is: defaults sheet, private tokens, controller. */
import { LitElement, css, html } from 'lit';
import { ThemeController, tokenDefaultStyles, type ThemeSettings } from '../../../elements/theme/index.js';

export const themedBoxStyles = css`
  .box {
    background-color: var(--_color-surface);
    color: var(--_color-text);
    border: 1px solid var(--_color-border-strong);
    border-radius: var(--_radius-large);
    padding: var(--_spacing-large);
  }
`;

export class ThemedBox extends LitElement {
  static override properties = { theme: { attribute: false } };
  static override styles = [tokenDefaultStyles, themedBoxStyles];

  declare theme: ThemeSettings | undefined;
  readonly themeController = new ThemeController(this, () => this.theme);

  override render() {
    return html`<div class="box">Box</div>`;
  }

  get box(): HTMLElement {
    return this.renderRoot.querySelector('.box')!;
  }
}

customElements.define('themed-box', ThemedBox);

declare global {
  interface HTMLElementTagNameMap {
    'themed-box': ThemedBox;
  }
}
