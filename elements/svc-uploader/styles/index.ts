/**
 * The element's stylesheets, in cascade order. The defaults sheet comes first: it declares every
 * private `--_x` the component CSS reads; source views re-export the values under the public
 * `--svc-x` names for panels that bring their own `<style>`. The component CSS sits in the `svc-uploader` cascade
 * layer, so classes a theme adds (`theme.slots`, bridged from the page) win over it.
 */
import type { CSSResult } from 'lit';
import { publicTokenStyles, tokenDefaultStyles } from '../../theme/index.js';
import { baseStyles } from './base.js';
import { dropZoneStyles } from './drop-zone.js';
import { editorFrameStyles } from './editor-frame.js';
import { fileListStyles } from './file-list.js';
import { miniStyles } from './mini.js';
import { forcedColorStyles, motionStyles } from './motion.js';
import { runStyles } from './run.js';
import { sourceViewStyles } from './source-view.js';

export const uploaderStyles: CSSResult[] = [
  tokenDefaultStyles,
  // Panels loaded as separate modules style themselves with the public names.
  publicTokenStyles('.source-view-body, .editor-body'),
  baseStyles,
  dropZoneStyles,
  fileListStyles,
  runStyles,
  sourceViewStyles,
  editorFrameStyles,
  miniStyles,
  motionStyles,
  forcedColorStyles,
];
