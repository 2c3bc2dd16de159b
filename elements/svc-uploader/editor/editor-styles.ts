/**
 * Layout and look of the editing surface. Buttons, inputs and focus rings come from the uploader's
 * own styles (`icon-button`, `button`), colours from the `--svc-*` tokens, so the editor follows the
 * page's theme. A `<style>` rendered with the surface because the editor is a lazy chunk the
 * element's sheet does not know; in the element's cascade layer so page rules still win.
 *
 * The crop overlay uses physical positions (left/top) on purpose: the photo is not mirrored in
 * right-to-left pages, so the box on it is not either.
 */
import { html } from 'lit';

export const editorStyles = html`<style>
@layer svc-uploader {
  .editor-surface { display: grid; gap: var(--svc-spacing-medium, 12px); min-inline-size: 0; }
  .editor-surface *, .editor-surface *::before, .editor-surface *::after { box-sizing: border-box; }
  .editor-surface [hidden] { display: none; }

  /* Long translations in a narrow frame scroll rather than push the surface wider. */
  .editor-tabs { display: flex; gap: var(--svc-spacing-xsmall, 4px); overflow-x: auto; scrollbar-width: thin;
    border-block-end: 1px solid var(--svc-color-border, #cbd5e1); }
  .editor-tab { min-block-size: 2.25rem; margin-block-end: -1px; padding: 0 var(--svc-spacing-medium, 12px); border: 0;
    border-block-end: 2px solid transparent; border-radius: var(--svc-radius-small, 4px) var(--svc-radius-small, 4px) 0 0;
    background: none; color: var(--svc-color-text-muted, #475569); font: inherit; font-weight: var(--svc-font-weight-strong, 600); cursor: pointer; }
  .editor-tab[aria-selected='true'] { border-block-end-color: var(--svc-color-accent, #2563eb); color: var(--svc-color-text, #0f172a); }
  .editor-panels { display: grid; }
  /* Every panel sits in the same cell: the tallest sets the height, so tabs switch without a jump. */
  .editor-panel { grid-area: 1 / 1; min-inline-size: 0; }
  .editor-panel:not([data-active]) { visibility: hidden; }

  .editor-crop-tools { display: grid; gap: var(--svc-spacing-small, 8px); }
  .editor-toolbar { display: flex; flex-wrap: wrap; align-items: center; gap: var(--svc-spacing-small, 8px) var(--svc-spacing-large, 16px); }
  .editor-tool-group { display: flex; flex-wrap: wrap; align-items: center; gap: var(--svc-spacing-xsmall, 4px); }
  .editor-surface .icon-button { inline-size: 2.25rem; min-block-size: 2.25rem; }
  .editor-aspect-icon { color: var(--svc-color-text-muted, #475569); margin-inline-end: var(--svc-spacing-xsmall, 4px); }
  .editor-chip { min-block-size: 2rem; padding: 0 var(--svc-spacing-medium, 12px); border-radius: var(--svc-radius-full, 9999px);
    font-size: var(--svc-font-size-small, 0.8125rem); }
  .editor-surface :is(.editor-chip, .editor-filter)[aria-pressed='true'] { border-color: var(--svc-color-accent, #2563eb);
    background: var(--svc-color-accent-subtle, #dbeafe); color: var(--svc-color-text, #0f172a); box-shadow: inset 0 0 0 1px var(--svc-color-accent, #2563eb); }

  .editor-sliders { display: grid; grid-template-columns: auto minmax(6rem, 1fr) 2.75rem; align-items: center;
    gap: var(--svc-spacing-xsmall, 4px) var(--svc-spacing-medium, 12px); }
  .editor-slider { display: contents; }
  .editor-slider input { inline-size: 100%; min-block-size: 1.75rem; margin: 0; accent-color: var(--svc-color-accent, #2563eb); cursor: pointer; }
  .editor-slider-value { color: var(--svc-color-text-muted, #475569); font-size: var(--svc-font-size-small, 0.8125rem);
    font-variant-numeric: tabular-nums; text-align: end; }

  .editor-filters { display: flex; gap: var(--svc-spacing-small, 8px); overflow-x: auto; padding: 2px; scrollbar-width: thin; }
  .editor-filter { flex: none; flex-direction: column; gap: var(--svc-spacing-xsmall, 4px); inline-size: 5.5rem; padding: var(--svc-spacing-xsmall, 4px);
    border-color: var(--svc-color-border, #cbd5e1); white-space: normal; font-size: var(--svc-font-size-small, 0.8125rem);
    font-weight: var(--svc-font-weight-normal, 400); }
  .editor-filter-thumbnail { display: block; inline-size: 4.5rem; block-size: 3.5rem; object-fit: cover;
    border-radius: var(--svc-radius-small, 4px); background: var(--svc-color-surface-sunken, #f1f5f9); }
  .editor-filter-name { overflow-wrap: anywhere; line-height: 1.2; }

  .editor-stage { display: grid; place-items: center; container-type: size; block-size: min(50vh, 30rem); min-block-size: 12rem;
    padding: var(--svc-spacing-large, 16px); border-radius: var(--svc-radius-medium, 8px); background: var(--svc-color-surface-sunken, #f1f5f9);
    user-select: none; -webkit-user-select: none; }
  /* The largest box of the image's ratio that fits the stage; the canvas and the crop layer fill it. */
  .editor-image { position: relative; aspect-ratio: var(--editor-ratio); inline-size: min(100cqi, 100cqb * var(--editor-ratio)); }
  .editor-canvas { position: absolute; inset: 0; display: block; inline-size: 100%; block-size: 100%; }

  .editor-crop-layer { position: absolute; inset: 0; touch-action: none; }
  .editor-crop-layer[data-interactive] { cursor: crosshair; }
  .editor-crop-shade-clip { position: absolute; inset: 0; overflow: hidden; pointer-events: none; }
  /* The scrim twice: dark enough outside the crop to judge the result, from the one backdrop token. */
  .editor-crop-shade { position: absolute; box-shadow: 0 0 0 100vmax var(--svc-color-backdrop, rgb(15 23 42 / 0.4)),
    0 0 0 100vmax var(--svc-color-backdrop, rgb(15 23 42 / 0.4)); }
  .editor-crop-box { position: absolute; border: 2px solid var(--svc-color-accent, #2563eb); outline-offset: 2px; }
  .editor-crop-layer[data-interactive] .editor-crop-box { cursor: move; }
  .editor-crop-box:focus-visible { outline: 3px solid var(--svc-color-focus-ring, #2563eb); }
  .editor-crop-box-static { border-style: dashed; pointer-events: none; }
  /* Rule-of-thirds guides while the crop is dragged. */
  .editor-crop-layer[data-dragging] .editor-crop-box {
    --editor-guide: color-mix(in srgb, var(--svc-color-on-accent, #ffffff) 65%, transparent);
    --editor-thirds: transparent calc(100% / 3 - 0.5px), var(--editor-guide) calc(100% / 3 - 0.5px) calc(100% / 3 + 0.5px),
      transparent calc(100% / 3 + 0.5px) calc(200% / 3 - 0.5px), var(--editor-guide) calc(200% / 3 - 0.5px) calc(200% / 3 + 0.5px),
      transparent calc(200% / 3 + 0.5px);
    background: linear-gradient(to right, var(--editor-thirds)), linear-gradient(to bottom, var(--editor-thirds));
  }
  /* Hit area of 1.75rem (2.75rem on touch screens) around a small visible square. */
  .editor-crop-handle { position: absolute; inline-size: 1.75rem; block-size: 1.75rem; translate: -50% -50%; display: grid; place-items: center; }
  .editor-crop-handle::before { content: ''; inline-size: 0.875rem; block-size: 0.875rem; border: 2px solid var(--svc-color-on-accent, #ffffff);
    border-radius: 2px; background: var(--svc-color-accent, #2563eb); box-shadow: var(--svc-shadow-small, 0 1px 2px rgb(15 23 42 / 0.08)); }
  .editor-crop-handle[data-corner='nw'] { left: 0; top: 0; cursor: nwse-resize; }
  .editor-crop-handle[data-corner='ne'] { left: 100%; top: 0; cursor: nesw-resize; }
  .editor-crop-handle[data-corner='sw'] { left: 0; top: 100%; cursor: nesw-resize; }
  .editor-crop-handle[data-corner='se'] { left: 100%; top: 100%; cursor: nwse-resize; }
  @media (pointer: coarse) { .editor-crop-handle { inline-size: 2.75rem; block-size: 2.75rem; } }

  .editor-details { display: flex; flex-wrap: wrap; align-items: center; gap: var(--svc-spacing-small, 8px) var(--svc-spacing-medium, 12px); }
  /* Direction from the text itself: "800 × 600 px" stays in order on right-to-left pages. */
  .editor-size { color: var(--svc-color-text-muted, #475569); font-size: var(--svc-font-size-small, 0.8125rem); font-variant-numeric: tabular-nums;
    unicode-bidi: plaintext; }
  .editor-reset { margin-inline-end: auto; }
  .editor-name { display: flex; flex: 1 1 16rem; align-items: center; gap: var(--svc-spacing-small, 8px); min-inline-size: 0; }
  .editor-name input { flex: 1 1 8rem; min-inline-size: 0; }
  .editor-surface :is(button, input, [tabindex]):focus-visible { outline: 2px solid var(--svc-color-focus-ring, #2563eb); outline-offset: 2px; }
  .editor-surface .editor-crop-box:focus-visible { outline-width: 3px; }

  @media (prefers-reduced-motion: no-preference) {
    .editor-surface :is(.editor-tab, .editor-chip, .editor-filter) {
      transition: color var(--svc-motion-duration-short, 120ms) var(--svc-motion-easing, ease),
        border-color var(--svc-motion-duration-short, 120ms) var(--svc-motion-easing, ease),
        background-color var(--svc-motion-duration-short, 120ms) var(--svc-motion-easing, ease);
    }
  }

  @media (forced-colors: active) {
    .editor-tab { border-block-end-color: Canvas; }
    .editor-tab[aria-selected='true'] { border-block-end-color: Highlight; }
    .editor-surface :is(.editor-chip, .editor-filter)[aria-pressed='true'] { border-color: Highlight; outline: 2px solid Highlight; outline-offset: -4px; }
    .editor-stage { border: 1px solid CanvasText; }
    /* Shadows are dropped in forced colours; the box itself carries the crop. */
    .editor-crop-shade-clip { display: none; }
    .editor-crop-box { border: 3px solid Highlight; }
    .editor-crop-box:focus-visible { outline-color: CanvasText; }
    .editor-crop-handle::before { forced-color-adjust: none; border-color: Canvas; background: Highlight; }
  }
}
</style>`;
