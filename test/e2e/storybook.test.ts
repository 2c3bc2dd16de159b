import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import ar from '../../locales/ar.js';
import de from '../../locales/de.js';
import en from '../../locales/en.js';
import { startStaticServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { runNodeTool } from '../support/node-tool.js';

/** What axe reports for one rule that failed, as much as a failure message needs. */
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

declare global {
  interface Window {
    axe: { run(context: Element, options: object): Promise<{ violations: AxeViolation[] }> };
    __STORYBOOK_PREVIEW__: {
      currentRender?: { phase?: string; story: { parameters: StoryParameters } };
    };
  }
}

/** The part of a story's parameters this suite reads: rules switched off with `a11y.config.rules`. */
interface StoryParameters {
  a11y?: { config?: { rules?: Array<{ id: string; enabled?: boolean }> } };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
}

describe('Storybook catalog (static build from the element source)', () => {
  let browser: Browser;
  let page: Page;
  let server: AppServer;
  let work: string;
  let stories: IndexEntry[];
  let problems: string[] = [];

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'svc-storybook-'));
    const outDir = join(work, 'storybook-static');
    await runNodeTool(
      'node_modules/storybook/dist/bin/dispatcher.js',
      ['build', '--config-dir', '.storybook', '--output-dir', outDir, '--quiet', '--disable-telemetry'],
      { STORYBOOK_DISABLE_TELEMETRY: '1' },
    );
    const index = JSON.parse(readFileSync(join(outDir, 'index.json'), 'utf8')) as { entries: Record<string, IndexEntry> };
    stories = Object.values(index.entries).filter((entry) => entry.type === 'story');
    server = await startStaticServer(outDir);
    browser = await launchBrowser();
    page = await browser.newPage();
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      // The browser asks for /favicon.ico by itself; the static build has none.
      if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) problems.push(message.text());
    });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    rmSync(work, { recursive: true, force: true });
  });

  /**
   * Opens a story's canvas the way the Storybook UI embeds it, in the suite's one page (a reload per
   * story, with the preview's scripts cached), and returns the list its page errors go to.
   */
  async function openStory(id: string): Promise<string[]> {
    problems = [];
    await page.goto(new URL(`iframe.html?id=${id}&viewMode=story`, server.url).href);
    // Idle, the drop zone shows; once a story's play function has added files, the list takes its
    // place, and a story that opens a source (a drive) shows that source's panel.
    // (A panel hides the drop zone rather than removing it, hence the visible one.)
    await page.locator('svc-uploader :is([part~="drop-zone"], [part~="file-list"], [part~="source-view"])').filter({ visible: true }).first().waitFor();
    // The state a story sets up (a list, a panel, a refusal) is in place once its play function
    // has run, which Storybook reports as the render's `finished` phase.
    await page.waitForFunction(() => window.__STORYBOOK_PREVIEW__.currentRender?.phase === 'finished');
    await page.evaluate(() => document.querySelector('svc-uploader')!.updateComplete);
    return problems;
  }

  it('has a story for each main configuration', () => {
    const names = stories.map((story) => story.name);
    for (const expected of [
      'Default',
      'Upload (with npm start)',
      'Validation Limits',
      'Rejected Files',
      'Sources',
      'Mini',
      'Dark Theme',
      'Right-to-left locale (Arabic)',
      'Custom Tokens',
      'i18n bundle (German, with overrides)',
      'Image Editor',
      'Uploading',
      'Paused',
      'Offline',
      'Failed (refused by the server)',
      'Retrying',
      'Done',
      'Google Drive, signed out',
      'OneDrive, signed out',
      'Dropbox, signed out',
      'Box, signed out',
      'Browsing a drive',
      'Importing from a drive',
      'Uploading with speed and time left',
      'Form use',
      'Disabled',
    ]) {
      assert.ok(names.includes(expected), `a story named "${expected}" (found: ${names.join(', ')})`);
    }
  });

  it('renders every story: <svc-uploader> is defined and shows its drop zone, its list or a source panel, with no page errors', async () => {
    for (const story of stories) {
      const problems = await openStory(story.id);
      assert.equal(await page.evaluate(() => customElements.get('svc-uploader') !== undefined), true, story.id);
      const picker = page
        .locator('svc-uploader :is([part~="browse-button"], [part~="add-more-button"], [part~="source-view-header"])')
        .filter({ visible: true });
      assert.ok(
        (await picker.count()) > 0,
        `${story.id} shows the file picker button (Browse, or Add more beside a list), or the header of the source panel it opened`,
      );
      assert.deepEqual(problems, [], story.id);
    }
  });

  it('every story passes axe: no serious or critical violation inside the uploader', async () => {
    const failures: string[] = [];
    for (const story of stories) {
      await openStory(story.id);
      await page.addScriptTag({ content: axeSource });
      const violations = await page.evaluate(async () => {
        const { story } = window.__STORYBOOK_PREVIEW__.currentRender!;
        const rules = Object.fromEntries((story.parameters.a11y?.config?.rules ?? []).map((rule) => [rule.id, { enabled: rule.enabled ?? true }]));
        const result = await window.axe.run(document.querySelector('#storybook-root')!, { resultTypes: ['violations'], rules });
        return result.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => ({
            id: violation.id,
            impact: violation.impact,
            help: violation.help,
            nodes: violation.nodes.map((node) => ({ target: node.target, failureSummary: node.failureSummary })),
          }));
      });
      for (const violation of violations) {
        const where = violation.nodes.map((node) => `      ${JSON.stringify(node.target)}: ${node.failureSummary?.replaceAll('\n', ' ')}`).join('\n');
        failures.push(`${story.id}: ${violation.id} (${violation.impact}) ${violation.help}\n${where}`);
      }
    }
    assert.deepEqual(failures, [], `axe violations:\n${failures.join('\n')}`);
  });

  it('"Rejected Files" lists the accepted file and tells why each other file was refused', async () => {
    await openStory('svc-uploader-configurations--rejected-files');
    // The play function adds the files after the first render; wait for both outcomes to show.
    await page.locator('svc-uploader [part~="file-name"]', { hasText: 'photo.jpg' }).waitFor();
    const rejections = page.locator('svc-uploader [part~="rejections"] li');
    await rejections.nth(2).waitFor();
    const reasons = await rejections.allTextContents();
    assert.equal(reasons.length, 3);
    assert.match(reasons[0]!, /notes\.txt is not an accepted file type/);
    assert.match(reasons[1]!, /poster\.png is too large\. The maximum is 5 MB/);
    assert.match(reasons[2]!, /pixel\.png is too small\. The minimum is 1 kB/);
    assert.deepEqual(await page.locator('svc-uploader [part~="file-name"]').allTextContents(), ['photo.jpg']);
  });

  it('"Image Editor" edits the listed photo: the editor chunk loads, and Save replaces the file', async () => {
    const problems = await openStory('svc-uploader-configurations--image-editor');
    await page.locator('svc-uploader [part~="file-edit"]').click();
    await page.locator('svc-uploader [part~="editor-canvas"]').waitFor();
    await page.locator('svc-uploader [part~="editor-rotate-right"]').click();
    await page.locator('svc-uploader [part~="editor-save"]').click();
    await page.locator('svc-uploader [part~="editor"]').waitFor({ state: 'detached' });
    const listed = await page.evaluate(async () => {
      const [file] = document.querySelector('svc-uploader')!.files;
      const bitmap = await createImageBitmap(file!.file);
      return { name: file!.name, replaced: file!.file !== file!.originalFile, width: bitmap.width, height: bitmap.height };
    });
    assert.deepEqual(listed, { name: 'lake-at-dawn.jpg', replaced: true, width: 640, height: 960 });
    assert.deepEqual(problems, []);
  });

  it('"Refused: ..." stories each show their refusal, in full, in the failed row', async () => {
    const expected: Record<string, string> = {
      'bad-request': en.messages['refusal.badRequest'],
      'sign-in': en.messages['refusal.signIn'],
      'not-allowed': en.messages['refusal.denied'],
      'cross-site': en.messages['refusal.crossSite'],
      rejected: en.messages['refusal.rejected'],
      'too-large': en.messages['refusal.tooLarge'],
      'multipart-required': en.messages['refusal.multipartRequired'],
      'type-not-allowed': en.messages['refusal.typeNotAllowed'],
      busy: 'The server is busy. Try again in 20 seconds.',
      'server-error': en.messages['refusal.serverError'],
    };
    for (const [story, text] of Object.entries(expected)) {
      const problems = await openStory(`svc-uploader-refusals--${story}`);
      const error = page.locator('svc-uploader [part~="file-error"]');
      await error.waitFor();
      assert.equal(await error.textContent(), text, story);
      assert.deepEqual(problems, [], story);
    }
  });

  it('"Uploading with speed and time left" shows each row\'s rate and time left, and the run\'s', async () => {
    const problems = await openStory('svc-uploader-progress-and-forms--uploading-with-speed');
    const rate = page.locator('svc-uploader [part~="file-rate"]').first();
    await rate.waitFor();
    assert.match((await rate.textContent())!, /^\d+(\.\d)? (kB|MB)\/s$/);
    assert.match((await page.locator('svc-uploader [part~="file-time-left"]').first().textContent())!, /^\d+ (second|seconds|minute|minutes) left$/);
    assert.match(
      (await page.locator('svc-uploader [part~="overall-rate"]').textContent())!,
      /^\d+(\.\d)? (kB|MB)\/s · \d+ (second|seconds|minute|minutes) left$/,
    );
    assert.deepEqual(problems, []);
  });

  it('"Disabled" is inert: its Browse button takes no focus', async () => {
    await openStory('svc-uploader-progress-and-forms--disabled');
    assert.equal(await page.locator('svc-uploader [part~="base"]').getAttribute('inert'), '');
    await page.locator('svc-uploader [part~="browse-button"]').focus();
    assert.equal(await page.evaluate(() => document.querySelector('svc-uploader')!.shadowRoot!.activeElement), null);
  });

  it('"Right-to-left locale" lays the element out right to left, in Arabic', async () => {
    await openStory('svc-uploader-appearance-and-language--right-to-left-locale');
    const base = page.locator('svc-uploader [part~="base"]');
    assert.equal(await base.evaluate((element) => getComputedStyle(element).direction), 'rtl');
    assert.equal(await base.getAttribute('lang'), 'ar');
    await page.getByText(ar.messages['dropZone.title'], { exact: true }).waitFor();
  });

  it('"i18n bundle" shows the German bundle with the override merged on top', async () => {
    await openStory('svc-uploader-appearance-and-language--german-bundle');
    await page.getByText('Belege hierher ziehen', { exact: true }).waitFor();
    assert.equal((await page.locator('svc-uploader [part~="browse-button"]').textContent())?.trim(), de.messages['dropZone.browse']);
  });
});
