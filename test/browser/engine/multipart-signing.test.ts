import { expect } from '@open-wc/testing';
import { UploadEngine, type EngineOptions } from '../../../engine/index.js';
import { createFaultPlan, maxOverlap, randomFile, readBack, sha256Of } from './helpers.js';

const MIB = 1024 * 1024;

function multipartOptions(serverUrl: string, extra: Partial<EngineOptions['resumable'] & { protocol: 'multipart' }>): EngineOptions {
  return {
    serverUrl,
    retryBaseDelayMs: 0,
    resumable: { protocol: 'multipart', thresholdBytes: 5 * MIB, retryDelays: [0, 50], persist: false, ...extra },
  };
}

interface TimedRequest {
  url: string;
  start: number;
  end: number;
}

function resourceRequests(since: number, matches: (url: string) => boolean): TimedRequest[] {
  return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter((entry) => entry.startTime >= since && matches(entry.name))
    .map((entry) => ({ url: entry.name, start: entry.startTime, end: entry.responseEnd }))
    .sort((a, b) => a.start - b.start);
}

const isStoragePart = (url: string): boolean => /[?&]partNumber=\d+/.test(url) && /[?&]uploadId=/.test(url);

async function expectStored(engine: UploadEngine, file: File): Promise<void> {
  const [record] = engine.files;
  expect(record!.state, record!.error?.message).to.equal('successful');
  const stored = await readBack(record!.result!.downloadUrl);
  expect(await sha256Of(stored)).to.equal(await sha256Of(file));
}

describe('UploadEngine multipart signing pipeline (real handler, real storage)', () => {
  it('signs parts ahead, so no PUT waits on a slow sign-part answer, with one signature per part', async () => {
    const plan = await createFaultPlan({ signDelayMs: 1500 });
    const since = performance.now();
    const engine = new UploadEngine(multipartOptions(plan.serverUrl, { chunkSizeBytes: 8 * MIB, maxConcurrentParts: 2 }));
    const file = randomFile('pipelined.bin', 4 * 8 * MIB);
    await engine.addFiles([file]);
    await engine.start();
    await expectStored(engine, file);

    expect([...(await plan.log()).signedParts].sort()).to.deep.equal([1, 2, 3, 4]);
    const puts = resourceRequests(since, isStoragePart);
    const signs = resourceRequests(since, (url) => url.endsWith('/multipart/sign-part'));
    expect(puts).to.have.length(4);
    expect(maxOverlap(puts)).to.equal(2);
    // Every PUT after the first two takes the place of one that ended; no sign-part answer may
    // arrive between that end and its start (that would mean the PUT waited for its URL).
    for (const put of puts.slice(2)) {
      const freedAt = Math.max(...puts.filter((other) => other.end <= put.start).map((other) => other.end));
      const answeredInBetween = signs.filter((sign) => sign.end > freedAt && sign.end <= put.start);
      expect(answeredInBetween, `PUT starting at ${put.start.toFixed(0)} ms waited for a signature`).to.deep.equal([]);
    }
  });

  it('sends the PUT of a slot that came free before its next sign-part request', async () => {
    // The calls as the page makes them, in order: a part PUT's send, its answer complete (the slot
    // is free), a sign-part request. Resource Timing would not do: it times when the network
    // stack starts a request, which for a Blob body comes later than the call.
    const calls: Array<'put' | 'freed' | 'sign'> = [];
    const partUrls = new WeakMap<XMLHttpRequest, string>();
    const { open, send } = XMLHttpRequest.prototype;
    const { fetch } = window;
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: Parameters<XMLHttpRequest['open']>) {
      partUrls.set(this, String(args[1]));
      return open.apply(this, args);
    } as XMLHttpRequest['open'];
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
      if (isStoragePart(partUrls.get(this) ?? '')) {
        calls.push('put');
        this.addEventListener('readystatechange', () => {
          if (this.readyState === XMLHttpRequest.DONE) calls.push('freed');
        });
      }
      return send.call(this, body);
    };
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input instanceof Request ? input.url : input).endsWith('/multipart/sign-part')) calls.push('sign');
      return fetch(input, init);
    };
    try {
      const plan = await createFaultPlan({});
      const engine = new UploadEngine(multipartOptions(plan.serverUrl, { chunkSizeBytes: 5 * MIB, maxConcurrentParts: 2 }));
      const file = randomFile('turnover.bin', 8 * 5 * MIB);
      await engine.addFiles([file]);
      await engine.start();
      await expectStored(engine, file);
    } finally {
      Object.assign(XMLHttpRequest.prototype, { open, send });
      window.fetch = fetch;
    }

    expect(calls.filter((call) => call === 'put')).to.have.length(8);
    expect(calls.filter((call) => call === 'sign').length, 'parts past the first window are signed while others upload').to.be.above(0);
    // Every PUT after the first two takes a freed slot: no sign-part request may come between.
    let sinceFreed: string[] | undefined;
    for (const call of calls) {
      if (call === 'freed') sinceFreed = [];
      else if (call === 'sign') sinceFreed?.push(call);
      else if (sinceFreed) {
        expect(sinceFreed, 'a sign-part request went out between a freed slot and its next PUT').to.deep.equal([]);
        sinceFreed = undefined;
      }
    }
  });

  it('signs a part again instead of sending a URL that has outlived its expiresIn', async () => {
    // Part 1 stalls until the watchdog gives up, while part 2's URL, signed ahead, ages past its 2 s.
    const plan = await createFaultPlan({ stallParts: { 1: 1 }, signExpiresIn: 2 });
    const since = performance.now();
    const engine = new UploadEngine(multipartOptions(plan.serverUrl, { chunkSizeBytes: 5 * MIB, maxConcurrentParts: 1, partTimeoutMs: 3500 }));
    const file = randomFile('aged.bin', 2 * 5 * MIB);
    await engine.addFiles([file]);
    await engine.start();
    await expectStored(engine, file);

    const puts = resourceRequests(since, isStoragePart);
    expect(puts).to.have.length(2);
    for (const put of puts) {
      const signedAt = /[?&]X-Amz-Date=(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(put.url)!;
      const [, year, month, day, hours, minutes, seconds] = signedAt.map(Number);
      const signedAtMs = Date.UTC(year!, month! - 1, day!, hours!, minutes!, seconds!);
      const sentAtMs = performance.timeOrigin + put.start;
      // X-Amz-Date has whole seconds: the URL may have been made up to 1 s after the stated time.
      expect(sentAtMs, 'PUT sent after its URL expired').to.be.below(signedAtMs + 2_000 + 1_000);
    }
    expect([...(await plan.log()).signedParts].sort()).to.deep.equal([1, 1, 2, 2]);
  });
});
