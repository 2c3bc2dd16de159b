/**
 * Structural styles of the default UI. Colours, radii and spacing come from the `--svc-*` design
 * tokens (with their light defaults as fallbacks); every inner element has a `part` for pages
 * that restyle it.
 */
import { css } from 'lit';

export const uploaderStyles = css`
  :host {
    display: block;
    box-sizing: border-box;
    color: var(--svc-color-text, #0f172a);
    font-family: var(--svc-font-family, system-ui, sans-serif);
    font-size: var(--svc-font-size-medium, 0.9375rem);
    line-height: var(--svc-line-height, 1.5);
  }
  :host([hidden]) { display: none; }
  :host([mini]) { max-inline-size: 280px; }
  *, *::before, *::after { box-sizing: inherit; }

  .base {
    display: grid;
    gap: var(--svc-spacing-large, 16px);
    padding: var(--svc-spacing-large, 16px);
    border: 1px solid var(--svc-color-border, #cbd5e1);
    border-radius: var(--svc-radius-large, 12px);
    background: var(--svc-color-surface, #ffffff);
  }
  .drop-zone {
    display: grid;
    justify-items: center;
    gap: var(--svc-spacing-small, 8px);
    padding: var(--svc-spacing-xlarge, 24px);
    border: 2px dashed var(--svc-color-border, #cbd5e1);
    border-radius: var(--svc-radius-large, 12px);
    background: var(--svc-color-surface-sunken, #f1f5f9);
    text-align: center;
  }
  .drop-zone[data-drag='over'] { border-color: var(--svc-color-accent, #2563eb); background: var(--svc-color-accent-subtle, #dbeafe); }
  .drop-zone[data-drag='rejected'] { border-color: var(--svc-color-danger, #b91c1c); background: var(--svc-color-danger-subtle, #fee2e2); }
  .drop-zone-title { margin: 0; font-size: var(--svc-font-size-large, 1.125rem); font-weight: var(--svc-font-weight-strong, 600); }
  .local-actions, .actions, .media-controls, .url-row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: center;
    gap: var(--svc-spacing-small, 8px);
  }
  .actions { justify-content: flex-end; }
  .sources { display: flex; flex-wrap: wrap; justify-content: center; gap: var(--svc-spacing-small, 8px); margin: 0; padding: 0; list-style: none; }
  .hint, .limits, .file-size, .file-status, .branding { color: var(--svc-color-text-muted, #475569); font-size: var(--svc-font-size-small, 0.8125rem); }
  .limits { display: flex; flex-wrap: wrap; gap: var(--svc-spacing-small, 8px); margin: 0; padding: 0; list-style: none; }
  .hint, .branding { margin: 0; }

  button {
    display: inline-flex;
    align-items: center;
    gap: var(--svc-spacing-xsmall, 4px);
    min-block-size: 2.25rem;
    padding: 0 var(--svc-spacing-medium, 12px);
    border: 1px solid var(--svc-color-border, #cbd5e1);
    border-radius: var(--svc-radius-medium, 8px);
    background: var(--svc-color-surface-raised, #f8fafc);
    color: inherit;
    font: inherit;
    cursor: pointer;
  }
  button[part~='button-primary'] { border-color: transparent; background: var(--svc-color-accent, #2563eb); color: var(--svc-color-on-accent, #ffffff); }
  button:disabled { cursor: not-allowed; opacity: 0.6; }
  .source-chip { border-radius: var(--svc-radius-full, 9999px); }
  button:focus-visible, input:focus-visible {
    outline: 2px solid var(--svc-color-focus-ring, #2563eb);
    outline-offset: 2px;
  }

  .file-count { margin: 0 0 var(--svc-spacing-small, 8px); font-size: var(--svc-font-size-medium, 0.9375rem); }
  .file-list { display: grid; gap: var(--svc-spacing-small, 8px); margin: 0; padding: 0; list-style: none; }
  .file {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto auto;
    align-items: center;
    gap: var(--svc-spacing-xsmall, 4px) var(--svc-spacing-small, 8px);
    padding: var(--svc-spacing-small, 8px) var(--svc-spacing-medium, 12px);
    border: 1px solid var(--svc-color-border, #cbd5e1);
    border-radius: var(--svc-radius-medium, 8px);
    background: var(--svc-color-surface-raised, #f8fafc);
  }
  .file[data-state='failed'] { border-color: var(--svc-color-danger, #b91c1c); }
  .file-name { overflow: hidden; justify-content: start; min-block-size: auto; padding: 0; border: 0; background: none; font-weight: var(--svc-font-weight-strong, 600); text-overflow: ellipsis; white-space: nowrap; }
  .file-progress, .overall-progress { grid-column: 1 / -1; inline-size: 100%; accent-color: var(--svc-color-accent, #2563eb); }
  .file-error { grid-column: 1 / -1; font-size: var(--svc-font-size-small, 0.8125rem); }
  .file-actions { display: flex; gap: var(--svc-spacing-xsmall, 4px); }
  .overall { display: flex; align-items: center; gap: var(--svc-spacing-small, 8px); }

  .source-view { display: grid; gap: var(--svc-spacing-medium, 12px); }
  .source-view-header { display: flex; align-items: center; gap: var(--svc-spacing-small, 8px); }
  /* Focus lands on the title when a panel opens, to orient screen readers; it is not a control. */
  .source-view-title { margin: 0; font-size: var(--svc-font-size-large, 1.125rem); outline: none; }
  .url-form { display: grid; gap: var(--svc-spacing-small, 8px); }
  .url-row input { flex: 1 1 12rem; min-block-size: 2.25rem; padding: 0 var(--svc-spacing-small, 8px); border: 1px solid var(--svc-color-border, #cbd5e1); border-radius: var(--svc-radius-small, 4px); font: inherit; }
  .media-panel { display: grid; justify-items: center; gap: var(--svc-spacing-small, 8px); }
  .media-preview, .capture-review { max-inline-size: 100%; border-radius: var(--svc-radius-medium, 8px); background: var(--svc-color-surface-sunken, #f1f5f9); }
  .media-preview.mirrored { transform: scaleX(-1); }
  .level-meter { inline-size: 100%; }
  .error, .rejections { color: var(--svc-color-danger, #b91c1c); }
  .rejections { padding: var(--svc-spacing-small, 8px) var(--svc-spacing-medium, 12px); border-radius: var(--svc-radius-medium, 8px); background: var(--svc-color-danger-subtle, #fee2e2); }
  .rejections ul { margin: 0 0 var(--svc-spacing-small, 8px); padding-inline-start: var(--svc-spacing-large, 16px); }
  .banner-offline { margin: 0; color: var(--svc-color-warning, #b45309); }
  .busy, .quiet-complete { display: flex; align-items: center; gap: var(--svc-spacing-small, 8px); margin: 0; }
  .quiet-complete { color: var(--svc-color-success, #15803d); }
  .summary p { margin: 0; }
  .summary-title { font-weight: var(--svc-font-weight-strong, 600); }
  .visually-hidden { position: absolute; inline-size: 1px; block-size: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }

  .animated .spinner { animation: spin 1s linear infinite; }
  @keyframes spin { to { transform: rotate(360deg); } }
  @media (prefers-reduced-motion: reduce) { .animated .spinner { animation-duration: 3s; } }
  @media (forced-colors: active) {
    .drop-zone[data-drag='over'], .drop-zone[data-drag='rejected'] { border-color: Highlight; }
    button[part~='button-primary'] { border: 1px solid ButtonText; }
  }
`;
