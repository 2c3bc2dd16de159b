/** The drive panel's parts and the steps a user takes in it. */
import { maybePart, mount, part, parts, until, type SvcUploader } from '../element/helpers.js';
import type { DriveSource } from '../../../elements/index.js';
import { DRIVE_SERVER } from './fixtures.js';

export function mountDriveUploader(sources: string, attributes = ''): Promise<SvcUploader> {
  return mount(`<svc-uploader server-url="${DRIVE_SERVER}" sources="${sources}" ${attributes}></svc-uploader>`);
}

/** Names listed in the drive browser, in order. */
export function listedNames(element: SvcUploader): string[] {
  return parts(element, 'drive-item-name').map((node) => node.textContent!.trim());
}

export function breadcrumbText(element: SvcUploader): string[] {
  return parts(element, 'drive-crumb').map((node) => node.textContent!.trim());
}

/** Waits for the render of what just happened first, so no check reads the screen before it. */
export async function openDrivePanel(element: SvcUploader, source: DriveSource): Promise<void> {
  part(element, `source-chip-${source}`).click();
  await element.updateComplete;
  await until(element, () => maybePart(element, 'drive-panel') !== null && maybePart(element, 'drive-status') === null, `the ${source} panel`);
}

/** Waits until the browser shows a finished listing (entries or the empty message). */
export async function listingShown(element: SvcUploader, what = 'the listing'): Promise<void> {
  await element.updateComplete;
  await until(
    element,
    () =>
      maybePart(element, 'drive-browser') !== null &&
      maybePart(element, 'drive-status') === null &&
      (maybePart(element, 'drive-list') !== null || maybePart(element, 'drive-empty') !== null || maybePart(element, 'drive-failure') !== null),
    what,
  );
}

/** Clicks Sign in and lets the popup run the OAuth dance against the fake provider. */
export async function signInThroughPopup(element: SvcUploader): Promise<void> {
  part(element, 'drive-sign-in-button').click();
  await listingShown(element, 'the drive listing after sign-in');
}

export function clickFolder(element: SvcUploader, name: string): void {
  const folder = parts(element, 'drive-folder').find((node) => node.textContent!.trim() === name);
  if (!folder) throw new Error(`No folder ${name} listed`);
  folder.click();
}

export function checkFile(element: SvcUploader, name: string): void {
  const row = parts(element, 'drive-file').find((node) => node.querySelector('[part~="drive-item-name"]')!.textContent!.trim() === name);
  if (!row) throw new Error(`No file ${name} listed`);
  row.querySelector<HTMLInputElement>('[part~="drive-checkbox"]')!.click();
}

export async function searchFor(element: SvcUploader, text: string): Promise<void> {
  const input = part<HTMLInputElement>(element, 'drive-search-input');
  input.value = text;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
  part(element, 'drive-search-button').click();
  await element.updateComplete;
  await listingShown(element, `results for ${text}`);
}
