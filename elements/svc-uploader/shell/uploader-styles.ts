/**
 * The element's stylesheets, in cascade order. The defaults sheet comes first: it declares every
 * private `--_x` the component CSS reads; source views re-export the values under the public
 * `--svc-x` names for panels that bring their own `<style>`. The component CSS sits in the `svc-uploader` cascade
 * layer, so classes a theme adds (`theme.slots`, bridged from the page) win over it.
 */
import type { CSSResult } from 'lit';
import { publicTokenStyles, tokenDefaultStyles } from '../../theme/index.js';
import { baseStyles } from './base-styles.js';
import { dropZoneStyles } from '../drop-zone/drop-zone-styles.js';
import { miniStyles } from './mini-styles.js';
import { forcedColorStyles, motionStyles } from './motion-styles.js';
import { rejectionStyles } from '../engine-views/rejections-styles.js';
import { sourceViewStyles } from '../sources/source-view-styles.js';

/** The sheets that arrive with the file views (file-list/file-views.ts), not with the page. */
export interface FileViewStyles {
  fileList: CSSResult;
  /** Overall progress, run controls, the run's outcome and the preview dialog (run.ts). */
  run: CSSResult;
  editorFrame: CSSResult;
}

// Panels loaded as separate modules style themselves with the public names.
const panelTokenStyles = publicTokenStyles('.source-view-body, .editor-body');

/** Every sheet in cascade order; the file views' sheets take their places once they have arrived. */
export function orderedUploaderStyles(fileViews?: FileViewStyles): CSSResult[] {
  return [
    tokenDefaultStyles,
    panelTokenStyles,
    baseStyles,
    dropZoneStyles,
    ...(fileViews ? [fileViews.fileList] : []),
    ...(fileViews ? [fileViews.run] : []),
    rejectionStyles,
    sourceViewStyles,
    ...(fileViews ? [fileViews.editorFrame] : []),
    miniStyles,
    motionStyles,
    forcedColorStyles,
  ];
}

/** What the element adopts when it first renders: enough for the drop zone, notices and panels. */
export const uploaderStyles: CSSResult[] = orderedUploaderStyles();
