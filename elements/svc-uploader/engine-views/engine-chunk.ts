/**
 * What the element loads after its first paint (engine-link/deferred-engine.ts): the engine, the bridge that
 * turns its events into the element's, and what only the engine's outcomes need: the live
 * region's announcements, the refused files' notice and the image editor's options (read when
 * files are added). None of it has anything to do before there is an engine.
 */
export { UploadEngine } from '../../../engine/core/engine.js';
export { bridgeEngineEvents } from './engine-bridge.js';
export { Announcer } from './announcer.js';
export { rejectionText, renderRejections } from './rejections.js';
export { opensOnAdd, resolveEditorOptions } from '../editor/editor-options.js';
