/**
 * Everything the element draws once files are listed: the list (hero card, rows, the virtual
 * window), the run controls, the expanded preview and the editor's frame. A chunk of its own that
 * file-views-loader.ts fetches when the first file arrives, or as soon as the pointer or focus
 * enters the element, so the first load carries only what the empty drop zone needs. Their
 * stylesheets come along; shell/uploader-styles.ts says where they go in the cascade.
 */
import type { FileViewStyles } from '../shell/uploader-styles.js';
import { editorFrameStyles } from '../editor/editor-frame-styles.js';
import { fileListStyles } from './file-list-styles.js';
import { runStyles } from './run-styles.js';

export { renderActions } from './actions.js';
export { renderInlineEditor, renderModalEditor } from '../editor/editor-frame.js';
export { renderFileList } from './file-list.js';
export { renderPreview } from '../preview/preview.js';
// The image editor's controller: only listed files can be edited, so it comes with the list.
export { EditorController } from '../editor/editor-controller.js';
// Thumbnails and previews are drawn only in the list and the preview.
export { ObjectUrls } from './thumbnails.js';
// The list's virtual window and the expanded preview exist only with the list.
export { ListWindowController } from './list-window.js';
export { PreviewController } from '../preview/preview-controller.js';

export const fileViewStyles: FileViewStyles = { fileList: fileListStyles, run: runStyles, editorFrame: editorFrameStyles };
