/**
 * The container, controls and notices. Every value comes from a design token (`--_x`, mapped from
 * `--svc-x` by the defaults sheet); the few layout sizes below are the element's own.
 */
import { css } from 'lit';

export const baseStyles = css`
  @layer svc-uploader {
    :host {
      --_row-size: 3.75rem;
      --_list-max-size: 22.5rem;
      --_control-size: 2.25rem;
      --_slide-from: 100%;
      display: block;
      box-sizing: border-box;
      color: var(--_color-text);
      font-family: var(--_font-family);
      font-size: var(--_font-size-medium);
      font-weight: var(--_font-weight-normal);
      line-height: var(--_line-height);
      -webkit-tap-highlight-color: transparent;
    }
    :host([hidden]) { display: none; }
    *, *::before, *::after { box-sizing: inherit; }

    .base {
      position: relative;
      display: flex;
      flex-direction: column;
      gap: var(--_spacing-medium);
      padding: var(--_spacing-large);
      border: 1px solid var(--_color-border);
      border-radius: var(--_radius-large);
      background: var(--_color-surface);
      box-shadow: var(--_shadow-small);
    }
    .base[dir='rtl'] { --_slide-from: -100%; }
    /* Disabled (itself or by a fieldset): inert, so only the look is set here. */
    .base.disabled { opacity: 0.55; cursor: not-allowed; filter: grayscale(0.6); }
    .stage { display: grid; overflow: clip; overflow-clip-margin: var(--_spacing-large); }
    .stage > .main, .stage > .source-view { grid-area: 1 / 1; min-inline-size: 0; }
    .main { display: flex; flex-direction: column; gap: var(--_spacing-medium); }
    .main[inert] { visibility: hidden; }

    .icon { flex: none; inline-size: 1.25rem; block-size: 1.25rem; }
    .base[dir='rtl'] .mirror-rtl { transform: scaleX(-1); }

    button {
      display: inline-flex;
      align-items: center;
      justify-content: center;
      gap: var(--_spacing-xsmall);
      min-block-size: var(--_control-size);
      margin: 0;
      padding: 0 var(--_spacing-medium);
      border: 1px solid var(--_color-border-strong);
      border-radius: var(--_radius-medium);
      background: var(--_color-surface);
      color: var(--_color-text);
      font: inherit;
      font-weight: var(--_font-weight-strong);
      line-height: 1.2;
      white-space: nowrap;
      cursor: pointer;
    }
    button:hover:not(:disabled) { background: var(--_color-surface-sunken); }
    button[part~='button-primary'] { border-color: transparent; background: var(--_color-accent); color: var(--_color-on-accent); }
    button[part~='button-primary']:hover:not(:disabled) { background: var(--_color-accent-hover); }
    button:disabled { cursor: not-allowed; opacity: 0.55; }
    .icon-button {
      inline-size: 2rem;
      min-block-size: 2rem;
      padding: 0;
      border-color: transparent;
      border-radius: var(--_radius-full);
      background: transparent;
      color: var(--_color-text-muted);
    }
    .icon-button:hover:not(:disabled) { color: var(--_color-text); }
    .icon-button.with-label { inline-size: auto; padding-inline: var(--_spacing-small) var(--_spacing-medium); border-color: var(--_color-border-strong); color: var(--_color-text); font-size: var(--_font-size-small); }

    input:not([type='file'], [type='checkbox'], [type='radio'], [type='range']), select, textarea {
      min-block-size: var(--_control-size);
      padding: 0 var(--_spacing-small);
      border: 1px solid var(--_color-border-strong);
      border-radius: var(--_radius-small);
      background: var(--_color-surface);
      color: var(--_color-text);
      font: inherit;
    }
    input[type='checkbox'], input[type='radio'] { accent-color: var(--_color-accent); }
    :is(button, input, select, textarea, a, [tabindex]):focus-visible {
      outline: 2px solid var(--_color-focus-ring);
      outline-offset: 2px;
    }
    a { color: var(--_color-accent); }

    .banner {
      display: flex;
      align-items: center;
      gap: var(--_spacing-small);
      margin: 0;
      padding: var(--_spacing-small) var(--_spacing-medium);
      border: 1px solid var(--_color-border);
      border-inline-start: 4px solid var(--_color-accent);
      border-radius: var(--_radius-medium);
      background: var(--_color-surface-raised);
      font-size: var(--_font-size-small);
    }
    .banner-offline { border-inline-start-color: var(--_color-warning); }
    .banner-offline .banner-icon { color: var(--_color-warning); }
    .busy .icon { color: var(--_color-accent); }
    .error { margin: 0; color: var(--_color-danger); }
    .hint { margin: 0; color: var(--_color-text-muted); font-size: var(--_font-size-small); }

    .branding {
      display: flex;
      align-items: center;
      justify-content: center;
      gap: var(--_spacing-xsmall);
      margin: 0;
      color: var(--_color-text-muted);
      font-size: var(--_font-size-small);
    }
    .branding-mark { inline-size: 0.875rem; block-size: 0.875rem; }
    .visually-hidden {
      position: absolute;
      inline-size: 1px;
      block-size: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
  }
`;
