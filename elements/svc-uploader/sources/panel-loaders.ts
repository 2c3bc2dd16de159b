/**
 * Where each source panel comes from. Every panel is a separate chunk loaded on first use, so a
 * page that never opens the camera (or the link form) never downloads its code.
 */
import type { UploadSource } from '../types.js';
import type { SourcePanelFactory } from './source-panel.js';
import { withEnglish } from '../../i18n/english-messages.js';

type PanelLoader = () => Promise<SourcePanelFactory>;

const loaders: Partial<Record<UploadSource, PanelLoader>> = {
  url: async () => (await import('./url/url-panel.js')).createUrlPanel,
  camera: async () => (await import('../media/camera-panel.js')).createCameraPanel,
  microphone: async () => (await import('../media/microphone-panel.js')).createMicrophonePanel,
  screen: async () => (await import('../media/screen-panel.js')).createScreenPanel,
};

/** Sources with a panel in this build; drive sources appear once their panels are registered. */
export function isPanelAvailable(source: UploadSource): boolean {
  return source in loaders;
}

export function loadPanel(source: UploadSource): Promise<SourcePanelFactory> {
  const loader = loaders[source];
  if (!loader) return Promise.reject(new Error(`No panel for source "${source}"`));
  // A panel's words are English's later messages: they arrive with it, so it opens fully worded.
  return withEnglish(loader());
}

/** Lets the drive panels (a separate module) plug in without this file importing them. */
export function registerPanel(source: UploadSource, loader: PanelLoader): void {
  loaders[source] = loader;
}
