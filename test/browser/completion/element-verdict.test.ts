import { expect } from '@open-wc/testing';
import { chooseFiles, maybePart, mount, nextEvent, part, textFile, unmountAll, until } from '../element/helpers.js';
import { EICAR, startScenario, uploadedHooksByKey, type Scenario } from './scenario.js';

// The host's verdict (`verifyUpload`) in the element: the row says the file is being checked while
// the handler's /complete waits for it, then shows it stored, or blocked with the server's reason.

function rowOf(element: HTMLElement & { shadowRoot: ShadowRoot | null }) {
  return element.shadowRoot!.querySelector<HTMLElement>('[part~="file"]')!;
}

function statusOf(element: HTMLElement & { shadowRoot: ShadowRoot | null }): string {
  return rowOf(element).querySelector('[part~="file-status"]')!.textContent!.trim();
}

describe('<svc-uploader> and the server verdict (real handler, real storage)', function () {
  // A loaded 2-core machine: the watchdog leaves the 3 s verdict and the storage calls slack.
  this.timeout(90_000);
  let scenario: Scenario | undefined;
  afterEach(async () => {
    unmountAll();
    await scenario?.stop();
    scenario = undefined;
  });

  it('a file the verdict refuses: blocked with the server reason, no Retry, svc-error with the code, nothing stored', async () => {
    scenario = await startScenario({ handler: { verdict: 'eicar' } });
    const element = await mount(`<svc-uploader server-url="${scenario.serverUrl}"></svc-uploader>`);
    const failed = nextEvent(element, 'svc-error');
    await chooseFiles(element, [textFile('infected-eicar.txt', `prefix ${EICAR} suffix`)]);
    await element.updateComplete;
    part(element, 'upload-button').click();
    const error = (await failed).detail;
    expect(error).to.include({
      scope: 'upload',
      code: 'UPLOAD_REFUSED',
      status: 403,
      serverCode: 'MALWARE_FOUND',
      serverMessage: 'Malware found: EICAR test file',
    });
    await until(element, () => rowOf(element).dataset['state'] === 'failed', 'the row settles');
    expect(statusOf(element)).to.equal('Blocked');
    expect(rowOf(element).querySelector('[part~="file-error"]')!.textContent!.trim()).to.equal('The server blocked this file: Malware found: EICAR test file');
    expect(rowOf(element).querySelector('[part~="file-retry"]'), 'no Retry for a refusal').to.equal(null);
    expect(maybePart(element, 'retry-all-button'), 'no Retry all either').to.equal(null);
    const state = await scenario.state('infected-eicar');
    expect(state.objects, 'the refused object is deleted').to.deep.equal([]);
    expect(state.hooks.map((call) => call.hook)).to.deep.equal(['verifyUpload']);
  });

  it('a file the verdict accepts after 3 s: "Checking…" while it runs, then stored and heard of once', async () => {
    scenario = await startScenario({ handler: { verdict: { delayMs: 3000 } } });
    const element = await mount(`<svc-uploader server-url="${scenario.serverUrl}"></svc-uploader>`);
    const completions: string[] = [];
    element.addEventListener('svc-file-upload-complete', (event) => completions.push(event.detail.file.state));
    const done = nextEvent(element, 'svc-files-upload-complete');
    await chooseFiles(element, [textFile('clean-scan.txt', 'a clean file')]);
    await element.updateComplete;
    part(element, 'upload-button').click();
    await until(element, () => rowOf(element).dataset['state'] === 'checking', 'the checking state');
    expect(statusOf(element)).to.equal('Checking…');
    expect(rowOf(element).querySelector('[part~="file-pause"]'), 'nothing to pause while the server checks').to.equal(null);
    expect(
      (await scenario.state('clean-scan')).hooks.filter((call) => call.hook === 'onFileUploaded'),
      'no hook before the verdict',
    ).to.deep.equal([]);
    expect((await done).detail).to.include({ successful: 1, failed: 0 });
    await until(element, () => rowOf(element).dataset['state'] === 'successful', 'the stored state');
    expect(statusOf(element)).to.equal('Uploaded');
    expect(completions, 'svc-file-upload-complete fires once, when the check is over').to.deep.equal(['checking']);
    const state = await scenario.state('clean-scan');
    expect(state.objects).to.have.length(1);
    expect([...uploadedHooksByKey(state)]).to.deep.equal([[state.objects[0]!.key, 1]]);
  });
});
