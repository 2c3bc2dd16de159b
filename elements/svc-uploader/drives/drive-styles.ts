/**
 * Layout of the drive panel only; buttons, inputs, errors and colours come from the uploader's own
 * styles and the `--svc-*` tokens (which the source view re-exports with the theme's values), so the
 * panel follows whatever theme the page sets. Rendered as a `<style>` inside the panel because the
 * panel is a lazy chunk the element's sheet does not know; in the element's cascade layer, so page
 * classes added through `theme.slots` still win over it.
 */
import { html } from 'lit';

export const driveStyles = html`<style>
@layer svc-uploader {
  .drive-panel, .drive-browser, .drive-sign-in { display: grid; gap: var(--svc-spacing-small, 8px); }
  .drive-sign-in { justify-items: center; text-align: center; }
  .drive-sign-in p { margin: 0; }
  .drive-toolbar, .drive-footer { display: flex; flex-wrap: wrap; align-items: center; gap: var(--svc-spacing-small, 8px); }
  .drive-footer { justify-content: flex-end; }
  .drive-selection-count { margin-inline-end: auto; color: var(--svc-color-text-muted, #475569); font-size: var(--svc-font-size-small, 0.8125rem); }
  .drive-search { display: flex; flex: 1 1 14rem; gap: var(--svc-spacing-xsmall, 4px); }
  .drive-search input { flex: 1 1 8rem; min-inline-size: 0; min-block-size: 2.25rem; padding: 0 var(--svc-spacing-small, 8px);
    border: 1px solid var(--svc-color-border, #cbd5e1); border-radius: var(--svc-radius-small, 4px); font: inherit; }
  .drive-breadcrumbs ol { display: flex; flex-wrap: wrap; align-items: center; gap: var(--svc-spacing-xsmall, 4px); margin: 0; padding: 0; list-style: none; }
  .drive-breadcrumbs li + li::before { content: '/'; margin-inline-end: var(--svc-spacing-xsmall, 4px); color: var(--svc-color-text-muted, #475569); }
  .drive-breadcrumbs button { min-block-size: auto; padding: 0; border: 0; background: none; text-decoration: underline; }
  .drive-breadcrumbs [aria-current] { font-weight: var(--svc-font-weight-strong, 600); }
  .drive-list { max-block-size: 20rem; overflow: auto; margin: 0; padding: 0; list-style: none;
    border: 1px solid var(--svc-color-border, #cbd5e1); border-radius: var(--svc-radius-medium, 8px); }
  .drive-item + .drive-item { border-block-start: 1px solid var(--svc-color-border, #cbd5e1); }
  .drive-row { display: flex; align-items: center; gap: var(--svc-spacing-small, 8px); inline-size: 100%; min-block-size: 2.5rem;
    padding: var(--svc-spacing-xsmall, 4px) var(--svc-spacing-medium, 12px); border: 0; border-radius: 0; background: none; text-align: start; cursor: pointer; }
  .drive-item-folder .drive-item-name::after { content: ' ›'; color: var(--svc-color-text-muted, #475569); }
  .drive-item-thumbnail { flex: none; inline-size: 2rem; block-size: 2rem; object-fit: cover; border-radius: var(--svc-radius-small, 4px); }
  .drive-item-name { flex: 1; min-inline-size: 0; overflow-wrap: anywhere; }
  .drive-item-size { color: var(--svc-color-text-muted, #475569); font-size: var(--svc-font-size-small, 0.8125rem); }
  .drive-failure { display: flex; flex-wrap: wrap; align-items: center; gap: var(--svc-spacing-small, 8px); }
  .drive-failure p { margin: 0; }
}
</style>`;
