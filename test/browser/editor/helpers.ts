/** Test images, a session opened the way the uploader opens one, and reading back what it saved. */
import { sendKeys } from '@web/test-runner-commands';
import { render } from 'lit';
import { createEditorSession } from '../../../elements/svc-uploader/editor/image-editor.js';
import type { EditorSession, ResolvedEditorOptions } from '../../../elements/svc-uploader/editor/editor-session.js';
import type { EditorTab, EditorTool, ImageEditorOutput } from '../../../elements/svc-uploader/types.js';
import type { Translate } from '../../../elements/svc-uploader/sources/source-panel.js';

export const RED = [255, 0, 0];
export const BLUE = [0, 0, 255];

/** Returns the key, followed by the values when there are any, so tests can read both. */
export const t: Translate = (key, values) => (values ? `${key} ${JSON.stringify(values)}` : key);

export const ALL_TABS: readonly EditorTab[] = ['crop', 'adjust', 'filters'];
export const ALL_TOOLS: readonly EditorTool[] = ['rotate', 'flip', 'crop', 'brightness', 'contrast', 'saturation', 'filters', 'rename'];

export function editorOptions(
  overrides: { output?: ImageEditorOutput; tabs?: readonly EditorTab[]; tools?: readonly EditorTool[] } = {},
): ResolvedEditorOptions {
  return {
    display: 'inline',
    autoOpen: 'never',
    output: overrides.output ?? {},
    tabs: overrides.tabs ?? ALL_TABS,
    tools: new Set(overrides.tools ?? ALL_TOOLS),
  };
}

export { canvasFile, twoColourBmp, twoColourCanvas, twoColourImage } from '../test-images.js';

/**
 * The same JPEG with an EXIF block saying "turn me a quarter clockwise to show" (orientation 6),
 * as phone cameras write portrait photos.
 */
export async function withExifOrientation(jpeg: File, orientation: number): Promise<File> {
  const bytes = new Uint8Array(await jpeg.arrayBuffer());
  const exif = new Uint8Array([
    0xff,
    0xe1,
    0x00,
    0x22,
    0x45,
    0x78,
    0x69,
    0x66,
    0x00,
    0x00,
    0x49,
    0x49,
    0x2a,
    0x00,
    0x08,
    0x00,
    0x00,
    0x00,
    0x01,
    0x00,
    0x12,
    0x01,
    0x03,
    0x00,
    0x01,
    0x00,
    0x00,
    0x00,
    orientation,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
  ]);
  return new File([bytes.slice(0, 2), exif, bytes.slice(2)], jpeg.name, { type: 'image/jpeg' });
}

export interface Decoded {
  width: number;
  height: number;
  data: Uint8ClampedArray;
  /** [r, g, b] at (x, y). */
  rgb(x: number, y: number): number[];
}

export async function decode(blob: Blob): Promise<Decoded> {
  const bitmap = await createImageBitmap(blob);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  return {
    width: canvas.width,
    height: canvas.height,
    data,
    rgb: (x, y) => [...data.slice((y * canvas.width + x) * 4, (y * canvas.width + x) * 4 + 3)],
  };
}

/** Colours within `tolerance` per channel (lossy formats and resampling move them a little). */
export function near(actual: number[], expected: number[], tolerance = 8): boolean {
  return actual.length === expected.length && actual.every((value, index) => Math.abs(value - expected[index]!) <= tolerance);
}

export interface MountedEditor {
  session: EditorSession;
  container: HTMLElement;
  updates: number;
}

const mounted: Array<{ session: EditorSession; container: HTMLElement }> = [];

/**
 * Opens a session and renders its surface into a container on the page, re-rendering on each
 * `requestUpdate` as the uploader does.
 */
export async function mountEditor(file: File, options = editorOptions(), attributes: { dir?: string; width?: string } = {}): Promise<MountedEditor> {
  const container = document.createElement('div');
  container.dir = attributes.dir ?? 'ltr';
  container.style.inlineSize = attributes.width ?? '600px';
  document.body.append(container);
  const result: MountedEditor = { session: undefined as never, container, updates: 0 };
  result.session = await createEditorSession({
    file,
    options,
    t,
    icons: () => undefined,
    requestUpdate: () => {
      result.updates += 1;
      render(result.session.render(), container);
    },
  });
  render(result.session.render(), container);
  mounted.push({ session: result.session, container });
  return result;
}

export function unmountEditors(): void {
  for (const { session, container } of mounted.splice(0)) {
    render(null, container);
    session.dispose();
    container.remove();
  }
}

export function part<T extends Element = HTMLElement>(container: ParentNode, name: string): T {
  const node = container.querySelector<T>(`[part~="${name}"]`);
  if (!node) throw new Error(`No part ${name}`);
  return node;
}

export function parts<T extends Element = HTMLElement>(container: ParentNode, name: string): T[] {
  return [...container.querySelectorAll<T>(`[part~="${name}"]`)];
}

export function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

/** Clicks the `index`th element with this part. */
export function click(container: HTMLElement, name: string, index = 0): void {
  parts<HTMLButtonElement>(container, name)[index]!.click();
}

/** The element with this part whose data attribute (`data-aspect`, `data-filter`...) is `data`. */
export function button(container: HTMLElement, name: string, data: string): HTMLButtonElement {
  const found = parts<HTMLButtonElement>(container, name).find((node) => Object.values(node.dataset).includes(data));
  if (!found) throw new Error(`No ${name} for ${data}`);
  return found;
}

/** Real key presses (through the browser's input pipeline) on `target`. */
export async function press(target: HTMLElement, keys: string[]): Promise<void> {
  target.focus();
  for (const key of keys) await sendKeys({ press: key });
}

export function repeat(key: string, times: number): string[] {
  return Array.from({ length: times }, () => key);
}

/** Where the crop box sits on the image, as fractions of the image's shown size. */
export function cropOnScreen(container: HTMLElement): { left: number; top: number; width: number; height: number } {
  const image = part(container, 'editor-canvas').getBoundingClientRect();
  const box = part(container, 'editor-crop-box').getBoundingClientRect();
  return {
    left: (box.left - image.left) / image.width,
    top: (box.top - image.top) / image.height,
    width: box.width / image.width,
    height: box.height / image.height,
  };
}

/** Lets layout, resize observers and the preview redraw run. */
export async function settled(): Promise<void> {
  await nextFrame();
  await nextFrame();
}
