/**
 * Browser half of the image-bomb benchmark, driven by image-bomb.ts: shows a 20,000 × 20,000 px
 * PNG the way the file list does (an `<svc-uploader>` with the file added), and, for comparison,
 * the way the list used to (an `<img>` of the original bytes in a 40 px box); the same for a GIF
 * and an SVG built to cost far more decoded than on disk.
 */
import '../elements/index.js';
import type { SvcUploader } from '../elements/index.js';

const NAMES: Record<string, string> = { 'image/png': 'bomb.png', 'image/gif': 'bomb.gif', 'image/svg+xml': 'bomb.svg' };

function fromBase64(base64: string, type: string): File {
  const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
  return new File([bytes], NAMES[type] ?? 'bomb', { type });
}

const nextFrame = () => new Promise<number>(requestAnimationFrame);

/** The uploader as shipped: adds the file and waits until its row is drawn and previews settled. */
async function addToUploader(base64: string, withSteps: boolean, type = 'image/png'): Promise<string> {
  const element = document.createElement('svc-uploader') as SvcUploader;
  element.setAttribute('server-url', '/nowhere');
  document.body.append(element);
  await element.updateComplete;
  if (withSteps) element.engine!.setOptions({ thumbnailGenerator: true, imageCompression: true });
  await element.addFiles([fromBase64(base64, type)]);
  for (let frame = 0; frame < 60; frame += 1) {
    await nextFrame();
    await element.updateComplete;
  }
  const thumbnail = element.shadowRoot!.querySelector('[part~="file-thumbnail"]')!;
  return thumbnail.querySelector('img') ? 'picture' : 'glyph';
}

/** The counterfactual: an `<img>` of the original file, shown 40 px wide, decoded. */
async function showOriginal(base64: string, _withSteps: boolean, type = 'image/png'): Promise<string> {
  const image = document.createElement('img');
  image.style.cssText = 'width:40px;height:40px;object-fit:cover';
  image.src = URL.createObjectURL(fromBase64(base64, type));
  document.body.append(image);
  try {
    await image.decode();
  } catch {
    return 'decode failed';
  }
  for (let frame = 0; frame < 10; frame += 1) await nextFrame();
  return 'picture';
}

Object.assign(window, { addToUploader, showOriginal });
