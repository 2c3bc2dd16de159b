import { action } from 'storybook/actions';
import { svcUploaderEvents, type SvcUploader, type SvcUploaderEventName } from '../elements/index.js';
import type { UploaderArgs } from './uploader-controls.js';

const eventNames = Object.keys(svcUploaderEvents) as SvcUploaderEventName[];

/**
 * A fresh `<svc-uploader>` with the story's args assigned as properties (as a framework binding
 * would), and every `svc-*` event logged with its detail in the Actions panel.
 */
export function renderUploader(args: UploaderArgs): SvcUploader {
  const uploader = document.createElement('svc-uploader');
  for (const [name, value] of Object.entries(args)) {
    if (value !== undefined) Object.assign(uploader, { [name]: value });
  }
  for (const name of eventNames) {
    uploader.addEventListener(name, (event) => action(name)(event.detail));
  }
  return uploader;
}

/** Files made in the page, for stories that show a filled list without a server. */
export function sampleFile(name: string, type: string, size: number): File {
  return new File([new Uint8Array(size)], name, { type });
}
