// Visual regression for the browser suites: a test command that takes a Playwright screenshot of
// one element and compares it with test/screenshots/baseline/<platform>/<name>.png (pixelmatch),
// where <platform> is Node's process.platform (linux, darwin, win32). Baselines are kept per
// platform because each one rasterises text and curves a little differently, even with the
// bundled font. On a mismatch the new image and a diff go to test/screenshots/failed/
// (git-ignored) and the command answers what differed, so the test fails with a reason.
//
// SVC_UPDATE_SCREENSHOTS=1 writes the running platform's baselines instead (review them by eye
// before keeping them). A missing baseline fails rather than being created silently; a platform
// with no baseline folder at all is reported by `svc-screenshot-baselines`, so the suite skips.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

const root = new URL('../screenshots/', import.meta.url);
const platform = process.platform;
const baselineDir = new URL(`baseline/${platform}/`, root);
const baselineFolder = `test/screenshots/baseline/${platform}/`;
const failedDir = new URL('failed/', root);
const updating = process.env.SVC_UPDATE_SCREENSHOTS === '1';

/** Pixel colour distance pixelmatch tolerates (0..1); anti-aliased pixels are ignored as well. */
const PIXEL_THRESHOLD = 0.1;
/** Share of pixels that may differ: rendering noise, not a changed colour, size or layout. */
const DEFAULT_MAX_DIFF_RATIO = 0.002;

function assertName(name) {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`screenshot name "${name}": use a-z, 0-9 and -`);
}

/**
 * Compares PNG bytes with the baseline of `name`; returns the verdict the test asserts on.
 * `dryRun` only compares (no baseline written, nothing kept on failure): for checking that a
 * deliberate change is caught.
 */
export function compareWithBaseline(name, actualBytes, { maxDiffRatio = DEFAULT_MAX_DIFF_RATIO, dryRun = false } = {}) {
  assertName(name);
  const baselinePath = new URL(`${name}.png`, baselineDir);
  if (updating && !dryRun) {
    mkdirSync(baselineDir, { recursive: true });
    writeFileSync(baselinePath, actualBytes);
    return { name, status: 'updated' };
  }
  if (!existsSync(baselinePath)) {
    if (dryRun) return { name, status: 'missing', message: `no baseline ${baselineFolder}${name}.png` };
    mkdirSync(failedDir, { recursive: true });
    writeFileSync(new URL(`${name}.actual.png`, failedDir), actualBytes);
    return {
      name,
      status: 'missing',
      message: `no baseline ${baselineFolder}${name}.png: review test/screenshots/failed/${name}.actual.png, then run with SVC_UPDATE_SCREENSHOTS=1`,
    };
  }
  const baseline = PNG.sync.read(readFileSync(baselinePath));
  const actual = PNG.sync.read(actualBytes);
  const writeFailure = (diff) => {
    if (dryRun) return;
    mkdirSync(failedDir, { recursive: true });
    writeFileSync(new URL(`${name}.actual.png`, failedDir), actualBytes);
    if (diff) writeFileSync(new URL(`${name}.diff.png`, failedDir), PNG.sync.write(diff));
  };
  if (baseline.width !== actual.width || baseline.height !== actual.height) {
    writeFailure();
    return { name, status: 'mismatch', message: `size ${actual.width}×${actual.height}, baseline ${baseline.width}×${baseline.height}` };
  }
  const { width, height } = actual;
  const diff = new PNG({ width, height });
  const differing = pixelmatch(baseline.data, actual.data, diff.data, width, height, { threshold: PIXEL_THRESHOLD });
  const ratio = differing / (width * height);
  if (ratio > maxDiffRatio) {
    writeFailure(diff);
    return {
      name,
      status: 'mismatch',
      differing,
      ratio,
      message: `${differing} pixels (${(ratio * 100).toFixed(2)} %) differ from the baseline; see test/screenshots/failed/${name}.diff.png`,
    };
  }
  return { name, status: 'match', differing, ratio };
}

/** Whether this platform has baselines to compare with (or is recording them), for the suite to skip. */
export function baselineAvailability() {
  return { platform, folder: baselineFolder, available: existsSync(baselineDir), updating };
}

export const plugins = [
  {
    name: 'svc-screenshot-commands',
    async executeCommand({ command, payload, session }) {
      if (command === 'svc-screenshot-baselines') return baselineAvailability();
      if (command !== 'svc-compare-screenshot') return undefined;
      const page = session.browser.getPage(session.id);
      const image = await page.locator(payload.selector).screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' });
      return compareWithBaseline(payload.name, image, payload);
    },
  },
];

export default [];
