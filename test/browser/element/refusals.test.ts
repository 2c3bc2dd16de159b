// A refused upload says what happened and what to do, in full, and the failure event carries the
// handler's own answer. Each case runs against the real handler configured to refuse that way
// (test/support/wtr-refusal-fixtures.mjs) and the real storage.
import { expect } from '@open-wc/testing';
import { createTranslator } from '../../../elements/i18n/index.js';
import de from '../../../locales/de.js';
import { failureText } from '../../../elements/svc-uploader/engine-views/failure-message.js';
import { animationsSettled, mount, part, parts, randomFile, recordEvents, unmountAll, type SvcUploader } from './helpers.js';

interface RefusalCase {
  fixture: string;
  file?: File;
  text: string;
  detail: Record<string, unknown>;
}

const CASES: RefusalCase[] = [
  { fixture: 'gate', text: 'Sign in to upload files, then try again.', detail: { code: 'HTTP_ERROR', status: 401, serverMessage: 'Unauthorized' } },
  {
    fixture: 'no-auth',
    text: 'Sign in to upload files, then try again.',
    detail: {
      code: 'HTTP_ERROR',
      status: 403,
      serverCode: 'AUTH_REQUIRED',
      serverMessage: 'Uploads are closed: set allowAnonymousUploads: true, or configure auth or getUserId on the upload handler',
    },
  },
  {
    fixture: 'cross-site',
    text: 'The server does not accept uploads from this page. The site owner must allow this site.',
    detail: { code: 'HTTP_ERROR', status: 403, serverCode: 'AUTH_DENIED', serverMessage: 'Cross-site request refused' },
  },
  {
    fixture: 'small',
    text: 'This file is too large for the server. Choose a smaller file.',
    detail: { code: 'HTTP_ERROR', status: 413, serverMessage: 'File too large' },
  },
  {
    fixture: 'images-only',
    file: randomFile('notes.txt', 200, 'text/plain'),
    text: 'The server does not accept this type of file. Choose another file.',
    detail: { code: 'HTTP_ERROR', status: 415, serverMessage: 'File type not allowed' },
  },
  { fixture: 'busy', text: 'The server is busy. Try again in 7 seconds.', detail: { code: 'HTTP_ERROR', status: 503, serverMessage: 'Service busy' } },
  {
    fixture: 'no-cors-bucket',
    text: 'The storage does not accept uploads from this site. The site owner must allow this site in the storage CORS settings.',
    detail: { code: 'NETWORK_ERROR' },
  },
  {
    fixture: 'wrong-secret',
    text: 'The storage refused the upload link. Check the date and time of this device, then retry.',
    // Ceph RGW (like other S3-compatible stores) sends this 403 without CORS headers: the page sees
    // only that the whole body went out and no readable answer came back.
    detail: { code: 'NETWORK_ERROR' },
  },
];

async function uploadAndFail(fixture: string, file: File): Promise<{ element: SvcUploader; detail: Record<string, unknown> }> {
  const element = await mount(`<svc-uploader server-url="/refusal-fixtures/${fixture}" max-retries="0" style="inline-size: 22rem"></svc-uploader>`);
  const events = recordEvents(element, ['svc-error']);
  await element.addFiles([file]);
  const summary = await element.upload();
  expect(summary).to.include({ successful: 0, failed: 1 });
  await element.updateComplete;
  expect(events, 'one failure event').to.have.length(1);
  return { element, detail: events[0]!.detail as Record<string, unknown> };
}

describe('<svc-uploader> refusal messages', () => {
  afterEach(unmountAll);

  for (const { fixture, file, text, detail } of CASES) {
    it(`${fixture}: the row says "${text}" in full, and svc-error carries the answer`, async () => {
      const { element, detail: received } = await uploadAndFail(fixture, file ?? randomFile('report.bin', 4000));
      const error = part(element, 'file-error');
      expect(error.textContent).to.equal(text);
      expect(error.scrollWidth, 'nothing is cut off').to.be.at.most(error.clientWidth);
      expect(error.getBoundingClientRect().height, 'visible').to.be.greaterThan(0);
      expect(received).to.include({ scope: 'upload', ...detail });
      if (!('serverMessage' in detail)) expect(received.serverMessage).to.equal(undefined);
      const failure = received.failure as Record<string, unknown>;
      expect(failure, 'the engine keeps the answer').to.include(detail.status ? { status: detail.status } : { code: detail.code });
      if ('serverMessage' in detail) expect(failure.serverMessage).to.equal(detail.serverMessage);
      expect(part(element, 'file-status').textContent).to.equal('Upload failed');
    });
  }

  it('wraps a long message onto more lines in a narrow uploader instead of cutting it off', async () => {
    const { element } = await uploadAndFail('no-cors-bucket', randomFile('quarterly-report.bin', 4000));
    const error = part(element, 'file-error');
    const lineHeight = Number.parseFloat(getComputedStyle(error).lineHeight) || 16;
    expect(error.getBoundingClientRect().height, 'more than one line').to.be.greaterThan(lineHeight * 1.5);
    expect(error.scrollWidth).to.be.at.most(error.clientWidth);
    // The run summary fades in: checked mid-fade, its text has not reached its contrast yet.
    await animationsSettled(element);
    await expect(element).to.be.accessible();
  });

  /** Whether `inner` is drawn whole: nothing scrolled away inside it, and its box inside `row`'s. */
  function expectWhole(inner: HTMLElement, row: HTMLElement, what: string): void {
    expect(inner.scrollWidth, `${what}: nothing cut off inside`).to.be.at.most(inner.clientWidth);
    const box = inner.getBoundingClientRect();
    const rowBox = row.getBoundingClientRect();
    expect(box.width, `${what}: drawn`).to.be.greaterThan(0);
    expect(box.left, `${what}: inside the row`).to.be.at.least(rowBox.left - 0.5);
    expect(box.right, `${what}: inside the row`).to.be.at.most(rowBox.right + 0.5);
    // Its first and last line are on screen: hit-testing sees through no clipping parent and no
    // neighbour drawn over them.
    // Only the list and the page scroll it into view: scrolling `inner` itself would also scroll a
    // clipping parent to it and hide the very cut this looks for.
    row.scrollIntoView({ block: 'nearest' });
    const range = document.createRange();
    range.selectNodeContents(inner);
    const textLines = [...range.getClientRects()].filter((rect) => rect.width > 0);
    const lines = textLines.length > 0 ? textLines : [inner.getBoundingClientRect()];
    for (const line of [lines[0]!, lines.at(-1)!]) {
      const hit = (inner.getRootNode() as ShadowRoot).elementFromPoint(line.left + line.width / 2, line.top + line.height / 2);
      expect(hit !== null && (hit === inner || inner.contains(hit)), `${what}: seen at "${line.left},${line.top}"`).to.equal(true);
    }
  }

  const NARROW_LAYOUTS = [
    { label: 'card in a 280 px uploader', width: 280, count: 1, mini: false },
    { label: 'row in a 280 px uploader', width: 280, count: 2, mini: false },
    { label: 'card in a 320 px uploader', width: 320, count: 1, mini: false },
    { label: 'row in a 320 px uploader', width: 320, count: 2, mini: false },
    { label: 'card in a mini uploader', width: 280, count: 1, mini: true },
  ];
  for (const { label, width, count, mini } of NARROW_LAYOUTS) {
    it(`a failed ${label} shows its state and message whole, beside a long name`, async () => {
      const name = 'a-very-long-file-name-for-the-quarterly-financial-report-2025-final.bin';
      const element = await mount(
        `<svc-uploader ${mini ? 'mini' : ''} server-url="/refusal-fixtures/no-cors-bucket" max-retries="0" style="inline-size: ${width}px"></svc-uploader>`,
      );
      await element.addFiles(Array.from({ length: count }, (_, index) => randomFile(index ? `${index}-${name}` : name, 4000)));
      await element.upload();
      await element.updateComplete;
      for (const row of parts(element, 'file')) {
        expectWhole(row.querySelector<HTMLElement>('[part~="file-status"]')!, row, 'Upload failed');
        expectWhole(row.querySelector<HTMLElement>('[part~="file-error"]')!, row, 'the message');
        expectWhole(row.querySelector<HTMLElement>('[part~="file-retry"]')!, row, 'Retry');
      }
    });
  }

  it('says the file was damaged on the way when storage refuses every attempt with BadDigest', async () => {
    // A proxy in front of the storage changes one byte of every PUT body; with checksum-verification
    // the upload URL is signed with the body's Content-MD5, so storage answers 400 BadDigest each time.
    const faults = await fetch('/test-fixtures/fault-proxy', {
      method: 'POST',
      body: JSON.stringify({ storage: [{ match: 'put', side: 'browser', fault: 'flip-byte', times: 10 }] }),
    });
    const { id } = (await faults.json()) as { id: string };
    try {
      const element = await mount(
        `<svc-uploader server-url="/test-fixtures/proxied/${id}" checksum-verification max-retries="1" style="inline-size: 22rem"></svc-uploader>`,
      );
      const events = recordEvents(element, ['svc-error']);
      await element.addFiles([randomFile('damaged.bin', 64 * 1024)]);
      expect(await element.upload()).to.include({ successful: 0, failed: 1 });
      await element.updateComplete;
      expect(part(element, 'file-error').textContent).to.equal('The file was damaged on the way to the storage. Retry the upload.');
      expect(events.map((event) => event.detail)).to.have.length(1);
      expect(events[0]!.detail).to.include({ scope: 'upload', status: 400, serverCode: 'BadDigest' });
      const seen = (await (await fetch(`/test-fixtures/fault-proxy/${id}?name=damaged`)).json()) as { proxy: string[]; objects: unknown[] };
      expect(
        seen.proxy.filter((line) => line === 'browser put flip-byte 400'),
        'both attempts refused',
      ).to.have.length(2);
      expect(seen.objects, 'nothing stored').to.deep.equal([]);
    } finally {
      await fetch(`/test-fixtures/fault-proxy/${id}`, { method: 'DELETE' });
    }
  });

  it('says the unfinished upload expired when its token outlived the resume window', async () => {
    const resumable = JSON.stringify({ protocol: 'multipart', thresholdBytes: 5 * 1024 * 1024, chunkSizeBytes: 5 * 1024 * 1024 });
    const element = await mount(
      `<svc-uploader server-url="/refusal-fixtures/short-window" max-retries="0" resumable='${resumable}' style="inline-size: 22rem"></svc-uploader>`,
    );
    const events = recordEvents(element, ['svc-error']);
    await element.addFiles([randomFile('late.bin', 6 * 1024 * 1024)]);
    expect(await element.upload()).to.include({ successful: 0, failed: 1 });
    await element.updateComplete;
    expect(part(element, 'file-error').textContent).to.equal('The unfinished upload expired. Retry to send the file again from the start.');
    expect(events).to.have.length(1);
    expect(events[0]!.detail).to.include({ scope: 'upload', status: 403, serverCode: 'expired' });
  });

  it('says the user is offline, a damaged file or an expired upload in the page language', async () => {
    const translator = createTranslator({ locale: de });
    await translator.ready();
    const english = createTranslator();
    await english.ready();
    expect(failureText(english.t, { code: 'NETWORK_ERROR', message: 'x', retryable: true }, 'en', false)).to.equal(
      'You are offline. Connect to the internet, then retry.',
    );
    expect(
      failureText(english.t, { code: 'HTTP_ERROR', status: 400, serverCode: 'BadDigest', from: 'storage', message: 'x', retryable: false }, 'en', true),
    ).to.equal('The file was damaged on the way to the storage. Retry the upload.');
    expect(failureText(english.t, { code: 'UPLOAD_GONE', message: 'x', retryable: false }, 'en', true)).to.equal(
      'The unfinished upload expired. Retry to send the file again from the start.',
    );
    expect(failureText(english.t, { code: 'HTTP_ERROR', status: 413, serverCode: 'MULTIPART_REQUIRED', message: 'x', retryable: false }, 'en', true)).to.equal(
      'This file is too large to send in one piece. The site owner must enable multipart uploads.',
    );
    expect(failureText(translator.t, { code: 'HTTP_ERROR', status: 429, retryAfterMs: 30_000, message: 'x', retryable: true }, 'de', true)).to.equal(
      'Der Server ist ausgelastet. Versuchen Sie es in 30 Sekunden erneut.',
    );
  });
});
