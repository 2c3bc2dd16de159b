/**
 * Motion. Decorative motion (views sliding in, hover fades, the drop-zone glyph, files appearing)
 * runs only with `animations` on (the `animated` class) and when the user has not asked for reduced
 * motion. Essential motion runs always: progress bars move, and a busy spinner keeps turning (more
 * slowly under reduced motion), since both tell the user something is happening.
 */
import { css } from 'lit';

export const motionStyles = css`
  @layer svc-uploader {
    .progress-fill { transition: translate var(--_motion-duration-medium) linear; }
    /* A step too small to see as a glide jumps: each glide costs main-thread frames (progress-fill.ts). */
    .progress-fill[data-snap] { transition: none; }
    .spinner { animation: svc-spin 0.9s linear infinite; }
    @media (prefers-reduced-motion: reduce) {
      .spinner { animation-duration: 2.4s; }
      .progress-fill { transition-duration: var(--_motion-duration-short); }
    }
    @keyframes svc-spin { to { rotate: 360deg; } }
    .progress[data-indeterminate] .progress-fill { inline-size: 40%; animation: svc-indeterminate 1.4s ease-in-out infinite; }
    @keyframes svc-indeterminate { from { translate: -100% 0; } to { translate: 250% 0; } }

    @media (prefers-reduced-motion: no-preference) {
      .animated :is(button, .drop-zone, .drop-zone-icon, .file) {
        transition-property: background-color, border-color, color, box-shadow, opacity;
        transition-duration: var(--_motion-duration-short);
        transition-timing-function: var(--_motion-easing);
      }
      .animated .source-view { animation: svc-slide-in var(--_motion-duration-medium) var(--_motion-easing); }
      /* The list stays visible under a source view while it slides in, then hides. */
      .animated .main[inert] { transition: visibility 0s linear var(--_motion-duration-medium); }
      .animated .drop-zone[data-drag='over'] .drop-zone-glyph,
      .animated .drop-overlay[data-drag='over'] .icon { animation: svc-nudge 1s var(--_motion-easing) infinite; }
      .animated .file-list:not([data-virtual]) > .file,
      .animated .file-hero,
      .animated .summary,
      .animated .rejections { animation: svc-appear var(--_motion-duration-medium) var(--_motion-easing); }
      .animated .quiet-check { animation: svc-pop var(--_motion-duration-medium) var(--_motion-easing); }
      .animated .recording-timer::before { animation: svc-pulse 1.2s ease-in-out infinite; }
      .animated .preview[open] { animation: svc-appear var(--_motion-duration-medium) var(--_motion-easing); }
    }
    @keyframes svc-slide-in { from { translate: var(--_slide-from) 0; } }
    @keyframes svc-appear { from { opacity: 0; translate: 0 0.25rem; } }
    @keyframes svc-nudge { 50% { translate: 0 -0.1875rem; } }
    @keyframes svc-pop { from { scale: 0.4; opacity: 0; } }
    @keyframes svc-pulse { 50% { opacity: 0.35; } }
  }
`;

/**
 * Forced colors (Windows High Contrast and the like): the tokens already become system colours;
 * here, what the browser would otherwise flatten keeps its meaning: outlines on boxes that had only
 * a background, progress fills (backgrounds are forced to Canvas), and the drag states.
 */
export const forcedColorStyles = css`
  @layer svc-uploader {
    @media (forced-colors: active) {
      .drop-zone-icon, .summary-badge, .thumbnail, .banner, .source-view, .summary, .file-hero { border: 1px solid CanvasText; }
      .progress { border: 1px solid CanvasText; }
      .progress-fill { forced-color-adjust: none; background: Highlight; }
      .drop-zone[data-drag='over'], .drop-overlay[data-drag='over'] { border-color: Highlight; }
      .drop-zone[data-drag='rejected'], .drop-overlay[data-drag='rejected'] { border-style: double; border-color: CanvasText; }
      .icon-button, .rejections-dismiss, .back-button { border-color: ButtonText; }
      .base.disabled, .base.disabled button { color: GrayText; border-color: GrayText; }
      :is(button, input, select, a, [tabindex]):focus-visible { outline-color: Highlight; }
    }
  }
`;
