/**
 * Makes the four drive sources available to `<svc-uploader>`: their chips appear when `sources`
 * lists them, and the panel's code (a separate chunk) loads the first time one opens.
 */
import { registerPanel } from '../sources/panel-loaders.js';
import type { DriveSource } from './drive-types.js';

const DRIVE_SOURCES: readonly DriveSource[] = ['googleDrive', 'oneDrive', 'dropbox', 'box'];

export function registerDrivePanels(): void {
  for (const source of DRIVE_SOURCES) {
    registerPanel(source, async () => (await import('./drive-panel.js')).createDrivePanelFactory(source));
  }
}
