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

/** A real picture drawn in the page (a lake at dawn), for stories that open the image editor. */
export async function samplePhoto(name: string): Promise<File> {
  const canvas = new OffscreenCanvas(960, 640);
  const context = canvas.getContext('2d')!;
  const sky = context.createLinearGradient(0, 0, 0, 640);
  sky.addColorStop(0, '#38bdf8');
  sky.addColorStop(1, '#f0abfc');
  context.fillStyle = sky;
  context.fillRect(0, 0, 960, 640);
  context.fillStyle = '#fde68a';
  context.beginPath();
  context.arc(690, 190, 76, 0, Math.PI * 2);
  context.fill();
  context.fillStyle = '#0f766e';
  context.beginPath();
  context.moveTo(0, 640);
  context.lineTo(290, 290);
  context.lineTo(530, 480);
  context.lineTo(750, 320);
  context.lineTo(960, 510);
  context.lineTo(960, 640);
  context.fill();
  return new File([await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 })], name, { type: 'image/jpeg' });
}
