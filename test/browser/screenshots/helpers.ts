/**
 * Helpers of the visual-regression suite: a framed stage for each shot, deterministic sample files
 * and the comparison command (test/support/wtr-screenshot-commands.mjs). Every stage renders with
 * the DejaVu Sans files in test/screenshots/fonts/, so shots do not depend on installed fonts.
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../../elements/index.js';
import type { SvcUploader } from '../../../elements/index.js';

export interface ScreenshotVerdict {
  name: string;
  status: 'match' | 'updated' | 'missing' | 'mismatch';
  differing?: number;
  ratio?: number;
  message?: string;
}

export interface BaselineAvailability {
  platform: string;
  /** Folder of this platform's baselines, relative to the repository root. */
  folder: string;
  available: boolean;
  updating: boolean;
}

/** Whether the running platform has baselines (or is recording them with SVC_UPDATE_SCREENSHOTS=1). */
export function baselineAvailability(): Promise<BaselineAvailability> {
  return executeServerCommand('svc-screenshot-baselines') as Promise<BaselineAvailability>;
}

/** A family name no machine has installed, so only the bundled files can supply it. */
const SHOT_FONT = 'svc-screenshot-dejavu-sans';
const fontsFolder = new URL('../../screenshots/fonts/', import.meta.url);
let shotFontLoaded: Promise<void> | undefined;

/** Loads the bundled regular and bold faces once; fails rather than letting a fallback font through. */
function loadShotFont(): Promise<void> {
  shotFontLoaded ??= (async () => {
    const faces = [
      new FontFace(SHOT_FONT, `url("${new URL('DejaVuSans.ttf', fontsFolder).href}")`, { weight: '400' }),
      new FontFace(SHOT_FONT, `url("${new URL('DejaVuSans-Bold.ttf', fontsFolder).href}")`, { weight: '700' }),
    ];
    for (const face of faces) document.fonts.add(await face.load());
    for (const weight of ['400', '700']) {
      if (!document.fonts.check(`${weight} 16px "${SHOT_FONT}"`)) throw new Error(`screenshot font ${SHOT_FONT} ${weight} did not load`);
    }
  })();
  return shotFontLoaded;
}

/** A stage of fixed width, light or dark page behind it, holding the uploader `markup`. */
export async function stage(name: string, markup: string, { dark = false, width = 560 } = {}): Promise<SvcUploader> {
  await loadShotFont();
  const frame = document.createElement('div');
  frame.id = `shot-${name}`;
  frame.className = 'screenshot-stage';
  // The element reads its font from the --svc-font-family token; weight 600 resolves to the bold face.
  frame.style.cssText = `inline-size: ${width}px; padding: 24px; background: ${dark ? '#030712' : '#eef2f7'}; font-size: 16px; --svc-font-family: "${SHOT_FONT}";`;
  frame.innerHTML = markup;
  document.body.append(frame);
  const element = frame.querySelector('svc-uploader')!;
  await element.updateComplete;
  return element;
}

export function removeStages(): void {
  for (const frame of document.querySelectorAll('.screenshot-stage')) frame.remove();
}

/** Waits until thumbnails have decoded and layout has settled, so a shot is not half-painted. */
async function settle(element: SvcUploader): Promise<void> {
  await element.updateComplete;
  (element.shadowRoot!.activeElement as HTMLElement | null)?.blur();
  (document.activeElement as HTMLElement | null)?.blur();
  // Row pictures are reduced copies, made after their file joins the list.
  const pictures = () => [...element.shadowRoot!.querySelectorAll('[part~="file-thumbnail"][data-kind="image"]')];
  await until(element, () => pictures().every((thumbnail) => thumbnail.querySelector('img') !== null), 'the row pictures');
  await Promise.all([...element.shadowRoot!.querySelectorAll('img')].map((image) => image.decode().catch(() => undefined)));
  await document.fonts.ready;
  for (let frame = 0; frame < 3; frame += 1) await new Promise(requestAnimationFrame);
}

/**
 * Takes the shot of the stage around `element` (or of the node `inner` selects inside it, piercing
 * the shadow root: a modal dialog lives in the top layer, outside the stage's box) and compares it
 * with its baseline.
 */
export async function compareShot(name: string, element: SvcUploader, options: { dryRun?: boolean; inner?: string } = {}): Promise<ScreenshotVerdict> {
  await settle(element);
  const frame = element.closest('.screenshot-stage')!;
  const { inner, ...rest } = options;
  return executeServerCommand('svc-compare-screenshot', {
    selector: inner ? `#${frame.id} ${inner}` : `#${frame.id}`,
    name,
    ...rest,
  }) as Promise<ScreenshotVerdict>;
}

export async function expectShot(name: string, element: SvcUploader, options: { inner?: string } = {}): Promise<void> {
  const verdict = await compareShot(name, element, options);
  expect(verdict.status, verdict.message ?? name).to.be.oneOf(['match', 'updated']);
}

/** A landscape picture drawn on a canvas: the same bytes on every run. */
export async function samplePhoto(name: string, { width = 640, height = 420, sky = ['#38bdf8', '#f0abfc'] } = {}): Promise<File> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  const gradient = context.createLinearGradient(0, 0, 0, height);
  gradient.addColorStop(0, sky[0]!);
  gradient.addColorStop(1, sky[1]!);
  context.fillStyle = gradient;
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#fde68a';
  context.beginPath();
  context.arc(width * 0.72, height * 0.3, height * 0.12, 0, Math.PI * 2);
  context.fill();
  context.fillStyle = '#0f766e';
  context.beginPath();
  context.moveTo(0, height);
  context.lineTo(width * 0.3, height * 0.45);
  context.lineTo(width * 0.55, height * 0.75);
  context.lineTo(width * 0.78, height * 0.5);
  context.lineTo(width, height * 0.8);
  context.lineTo(width, height);
  context.fill();
  const blob = await canvas.convertToBlob({ type: 'image/png' });
  return new File([blob], name, { type: 'image/png', lastModified: 0 });
}

/** A file of `size` bytes (zeros: the content is not what a screenshot shows). */
export function sampleFile(name: string, size: number, type: string): File {
  return new File([new Uint8Array(size)], name, { type, lastModified: 0 });
}

export async function sampleSet(): Promise<File[]> {
  return [
    await samplePhoto('lake-at-dawn.png'),
    sampleFile('quarterly report 2025.pdf', 1_284_000, 'application/pdf'),
    sampleFile('site-backup.zip', 48_500_000, 'application/zip'),
    sampleFile('interview.mp3', 5_820_000, 'audio/mpeg'),
  ];
}

/** Waits until `condition` holds, re-checking after each of the element's updates. */
export async function until(element: SvcUploader, condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await element.updateComplete;
  }
}
