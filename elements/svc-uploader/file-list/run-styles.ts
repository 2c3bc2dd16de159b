/** Overall progress, run controls, the outcome of a run and the preview dialog: they come with the file views. */
import { css } from 'lit';

export const runStyles = css`
  @layer svc-uploader {
    .overall { display: flex; flex-direction: column; gap: var(--_spacing-xsmall); }
    .overall-text { display: flex; justify-content: space-between; gap: var(--_spacing-small); font-size: var(--_font-size-small); }
    .overall-label { color: var(--_color-text-muted); }
    .overall-rate { margin-inline-start: auto; color: var(--_color-text-muted); font-variant-numeric: tabular-nums; }
    .overall-percent { font-variant-numeric: tabular-nums; font-weight: var(--_font-weight-strong); }
    .overall-progress { block-size: 0.5rem; }

    .actions { display: flex; flex-wrap: wrap; align-items: center; justify-content: flex-end; gap: var(--_spacing-small); }
    .actions:not(:has(button)) { display: none; }

    .summary {
      display: flex;
      align-items: center;
      gap: var(--_spacing-medium);
      padding: var(--_spacing-medium);
      border: 1px solid var(--_color-border);
      border-radius: var(--_radius-medium);
      background: var(--_color-surface-raised);
    }
    .summary-badge {
      display: grid;
      flex: none;
      place-items: center;
      inline-size: 2.5rem;
      block-size: 2.5rem;
      border-radius: var(--_radius-full);
      background: var(--_color-success);
      color: var(--_color-surface);
    }
    .summary[data-outcome='partial'] .summary-badge { background: var(--_color-warning); }
    .summary[data-outcome='failure'] .summary-badge { background: var(--_color-danger); }
    .summary-text { min-inline-size: 0; }
    .summary-title { margin: 0; font-weight: var(--_font-weight-strong); }
    .summary-lines { display: flex; flex-wrap: wrap; gap: 0 var(--_spacing-small); margin: 0; color: var(--_color-text-muted); font-size: var(--_font-size-small); }
    .summary-lines > * + *::before { content: '·' / ''; margin-inline-end: var(--_spacing-small); }
    .summary-failed { color: var(--_color-danger); }
    .quiet-complete {
      display: flex;
      align-items: center;
      justify-content: center;
      gap: var(--_spacing-small);
      margin: 0;
      color: var(--_color-success);
      font-weight: var(--_font-weight-strong);
    }
    .quiet-check { padding: 0.25rem; border-radius: var(--_radius-full); background: var(--_color-success); color: var(--_color-surface); inline-size: 1.75rem; block-size: 1.75rem; }

    .preview {
      inline-size: min(52rem, calc(100vw - 2rem));
      max-block-size: calc(100vh - 2rem);
      padding: 0;
      overflow: auto;
      border: 0;
      border-radius: var(--_radius-large);
      background: var(--_color-surface);
      color: var(--_color-text);
      box-shadow: var(--_shadow-large);
    }
    .preview::backdrop { background: var(--_color-backdrop); }
    .preview-frame { display: flex; flex-direction: column; gap: var(--_spacing-small); padding: var(--_spacing-medium); }
    .preview-header { display: flex; align-items: center; justify-content: space-between; gap: var(--_spacing-small); }
    .preview-name { display: flex; align-items: baseline; gap: var(--_spacing-small); min-inline-size: 0; margin: 0; overflow-wrap: anywhere; font-weight: var(--_font-weight-strong); }
    .preview-size { flex: none; color: var(--_color-text-muted); font-size: var(--_font-size-small); font-weight: var(--_font-weight-normal); }
    .preview-media {
      display: block;
      max-inline-size: 100%;
      max-block-size: calc(100vh - 9rem);
      margin-inline: auto;
      border-radius: var(--_radius-medium);
      background: var(--_color-surface-sunken);
      object-fit: contain;
    }
    audio.preview-media { inline-size: 100%; background: none; }
  }
`;
