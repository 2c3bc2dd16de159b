/** The idle drop zone, its source chips and limits, and the overlay over a list during a drag. */
import { css } from 'lit';

export const dropZoneStyles = css`
  @layer svc-uploader {
    .drop-zone {
      display: flex;
      flex-direction: column;
      align-items: center;
      justify-content: center;
      gap: var(--_spacing-small);
      min-block-size: 14rem;
      padding: var(--_spacing-xlarge) var(--_spacing-large);
      border: 2px dashed var(--_color-border-strong);
      border-radius: var(--_radius-large);
      background: var(--_color-surface-sunken);
      text-align: center;
      cursor: pointer;
    }
    .processing .drop-zone { cursor: progress; }
    .drop-zone-icon {
      display: grid;
      place-items: center;
      inline-size: 3.5rem;
      block-size: 3.5rem;
      margin-block-end: var(--_spacing-xsmall);
      border-radius: var(--_radius-full);
      background: var(--_color-accent-subtle);
      color: var(--_color-accent);
    }
    .drop-zone-icon .icon { inline-size: 1.75rem; block-size: 1.75rem; }
    .drop-zone-title { margin: 0; font-size: var(--_font-size-large); font-weight: var(--_font-weight-strong); }
    .local-actions {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      justify-content: center;
      gap: var(--_spacing-small);
    }
    .drop-zone-or { color: var(--_color-text-muted); }

    /* While files hover only what a drop would do shows, centred; the zone keeps its size, so the drop target does not move. */
    .drop-zone { position: relative; }
    .drop-zone:not([data-drag='idle']) > :not(.drop-zone-feedback) { visibility: hidden; }
    .drop-zone-feedback {
      position: absolute;
      inset: 0;
      display: flex;
      flex-direction: column;
      align-items: center;
      justify-content: center;
      gap: var(--_spacing-small);
      padding: var(--_spacing-large);
    }
    .drop-zone[data-drag='over'] { border-style: solid; border-color: var(--_color-accent); background: var(--_color-accent-subtle); }
    .drop-zone[data-drag='over'] .drop-zone-icon { background: var(--_color-accent); color: var(--_color-on-accent); }
    .drop-zone[data-drag='rejected'] { border-style: solid; border-color: var(--_color-danger); background: var(--_color-danger-subtle); cursor: no-drop; }
    .drop-zone[data-drag='rejected'] .drop-zone-icon { background: var(--_color-surface); color: var(--_color-danger); }
    .drop-zone[data-drag='rejected'] .drop-zone-title { color: var(--_color-danger); }

    .sources {
      display: flex;
      flex-wrap: wrap;
      justify-content: center;
      gap: var(--_spacing-small);
      margin: var(--_spacing-small) 0 0;
      padding: 0;
      list-style: none;
    }
    .source-chip {
      min-block-size: 2rem;
      padding-inline: var(--_spacing-small) var(--_spacing-medium);
      border-color: var(--_color-border);
      border-radius: var(--_radius-full);
      box-shadow: var(--_shadow-small);
      font-size: var(--_font-size-small);
      font-weight: var(--_font-weight-normal);
    }
    .source-chip .source-icon { inline-size: 1.125rem; block-size: 1.125rem; color: var(--_color-accent); }
    .source-chip:hover:not(:disabled) { border-color: var(--_color-accent); background: var(--_color-surface); }
    .sources-compact { margin: 0; gap: var(--_spacing-xsmall); }
    .sources-compact .source-chip { inline-size: 2.25rem; min-block-size: 2.25rem; padding: 0; box-shadow: none; }

    .limits {
      display: flex;
      flex-wrap: wrap;
      justify-content: center;
      gap: 0 var(--_spacing-small);
      margin: var(--_spacing-xsmall) 0 0;
      padding: 0;
      list-style: none;
      color: var(--_color-text-muted);
      font-size: var(--_font-size-small);
    }
    .limits li + li::before { content: '·' / ''; margin-inline-end: var(--_spacing-small); }

    .drop-overlay {
      position: absolute;
      inset: 0;
      z-index: 2;
      display: flex;
      flex-direction: column;
      align-items: center;
      justify-content: center;
      gap: var(--_spacing-small);
      border: 2px dashed var(--_color-accent);
      border-radius: var(--_radius-large);
      background: color-mix(in srgb, var(--_color-accent-subtle) 94%, transparent);
      color: var(--_color-accent);
      pointer-events: none;
    }
    .drop-overlay .icon { inline-size: 2.5rem; block-size: 2.5rem; }
    .drop-overlay-title { margin: 0; color: var(--_color-text); font-size: var(--_font-size-large); font-weight: var(--_font-weight-strong); }
    .drop-overlay[data-drag='rejected'] { border-color: var(--_color-danger); background: color-mix(in srgb, var(--_color-danger-subtle) 94%, transparent); color: var(--_color-danger); }
  }
`;
