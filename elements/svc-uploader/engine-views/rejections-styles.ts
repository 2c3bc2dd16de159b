/** The notice of refused files, shown over the drop zone as well as the list. */
import { css } from 'lit';

export const rejectionStyles = css`
  @layer svc-uploader {
    .rejections {
      display: grid;
      grid-template-columns: auto minmax(0, 1fr) auto;
      align-items: start;
      gap: var(--_spacing-small);
      padding: var(--_spacing-small) var(--_spacing-small) var(--_spacing-small) var(--_spacing-medium);
      border: 1px solid var(--_color-danger);
      border-radius: var(--_radius-medium);
      background: var(--_color-danger-subtle);
      font-size: var(--_font-size-small);
    }
    .rejections .banner-icon { margin-block-start: 0.0625rem; color: var(--_color-danger); }
    .rejection-list { display: grid; gap: var(--_spacing-xsmall); margin: 0; padding: 0; list-style: none; align-self: center; }
    /* A long name breaks anywhere rather than push the rest of its line, its extension included, out of view. */
    .rejection-list > li { min-inline-size: 0; overflow-wrap: anywhere; }
    .rejections-dismiss { min-block-size: 1.75rem; padding-inline: var(--_spacing-small); border-color: transparent; background: transparent; font-size: var(--_font-size-small); }
    .rejections-dismiss:hover:not(:disabled) { background: var(--_color-surface); }
  }
`;
