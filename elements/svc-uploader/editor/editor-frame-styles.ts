/**
 * The frame of the image editor: inline it is a source view over the list (from source-view.ts),
 * modal it is the preview dialog's shape (from run.ts); both get the footer and the error line here.
 * The editing surface inside brings its own layout (a lazy chunk).
 */
import { css } from 'lit';

export const editorFrameStyles = css`
  @layer svc-uploader {
    .editor-view { display: flex; flex-direction: column; gap: var(--_spacing-medium); }
    .editor-body { display: grid; gap: var(--_spacing-small); min-inline-size: 0; }
    .editor-error {
      display: flex;
      align-items: flex-start;
      gap: var(--_spacing-small);
      margin: 0;
      padding: var(--_spacing-small) var(--_spacing-medium);
      border-radius: var(--_radius-medium);
      background: var(--_color-danger-subtle);
      color: var(--_color-text);
      font-size: var(--_font-size-small);
    }
    .editor-error .icon { color: var(--_color-danger); }
    .editor-footer {
      display: flex;
      flex-wrap: wrap;
      justify-content: flex-end;
      gap: var(--_spacing-small);
      padding-block-start: var(--_spacing-small);
      border-block-start: 1px solid var(--_color-border);
    }
    .editor-dialog { inline-size: min(48rem, calc(100vw - 2rem)); }
    /* In a dialog the image gives way first, so Cancel and Save stay on screen in a short window. */
    .editor-dialog .editor-stage { block-size: clamp(12rem, 100vh - 26rem, 30rem); }
  }
`;
