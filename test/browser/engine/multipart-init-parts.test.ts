import { expect } from '@open-wc/testing';
import { UploadEngine, type EngineOptions } from '../../../engine/index.js';
import { createFaultPlan, randomFile, readBack, sha256Of, storagePartRequests, type FaultPlanSpec } from './helpers.js';

// A multipart upload in Chromium through the real handler and a real RGW: init answers the first
// part URLs (as many as the engine keeps in flight), so those parts leave without a
// /multipart/sign-part round trip. Parts that carry a digest (checksumVerification) cannot be
// signed before they are read, so each is still signed on its own.

const MIB = 1024 * 1024;

function options(serverUrl: string, checksumVerification: boolean): EngineOptions {
  return {
    serverUrl,
    checksumVerification,
    retryBaseDelayMs: 0,
    resumable: { protocol: 'multipart', thresholdBytes: 5 * MIB, chunkSizeBytes: 5 * MIB, maxConcurrentParts: 3, retryDelays: [0, 50], persist: false },
  };
}

async function uploadFourParts(checksumVerification: boolean, planSpec: FaultPlanSpec = {}) {
  const plan = await createFaultPlan({ initSignsParts: true, ...planSpec });
  const since = performance.now();
  const file = randomFile(`init-parts-${checksumVerification}.bin`, 3 * 5 * MIB + 4099);
  const engine = new UploadEngine(options(plan.serverUrl, checksumVerification));
  await engine.addFiles([file]);
  await engine.start();
  const [record] = engine.files;
  expect(record!.state, record!.error?.message).to.equal('successful');
  const stored = await readBack(record!.result!.downloadUrl);
  expect(await sha256Of(stored), 'the bucket holds the exact bytes').to.equal(await sha256Of(file));
  const putParts = storagePartRequests(since)
    .map((request) => request.partNumber)
    .sort();
  return { log: await plan.log(), putParts };
}

describe('UploadEngine: part URLs from /multipart/init (real handler, real storage)', () => {
  it('asks init for as many URLs as parts in flight and sends no sign-part for them', async () => {
    const { log, putParts } = await uploadFourParts(false);
    expect(log.bodies['multipart/init']!['signParts']).to.equal(3);
    expect(log.initParts).to.deep.equal([1, 2, 3]);
    expect(log.signedParts, 'sign-part requests').to.deep.equal([4]);
    expect(putParts).to.deep.equal([1, 2, 3, 4]);
  });

  it('with checksumVerification asks for none and signs each part with its digest', async () => {
    const { log, putParts } = await uploadFourParts(true);
    expect(log.bodies['multipart/init']).not.to.have.property('signParts');
    expect(log.initParts).to.deep.equal([]);
    expect([...log.signedParts].sort()).to.deep.equal([1, 2, 3, 4]);
    expect(putParts).to.deep.equal([1, 2, 3, 4]);
  });

  it('asks sign-part for a fresh URL instead of using an init URL past its expiresIn', async () => {
    // A re-signed URL made within the same second is the same text (SigV4 is deterministic), so
    // what shows the rule is the sign-part request for every part and one PUT per part.
    const { log, putParts } = await uploadFourParts(false, { initExpiresIn: 0 });
    expect(log.initParts).to.deep.equal([1, 2, 3]);
    expect([...log.signedParts].sort()).to.deep.equal([1, 2, 3, 4]);
    expect(putParts).to.deep.equal([1, 2, 3, 4]);
  });

  it('ignores a malformed list of init URLs and signs every part itself', async () => {
    const { log, putParts } = await uploadFourParts(false, { initPartsMalformed: true });
    expect(log.initParts).to.deep.equal([1, 2, 3]);
    expect([...log.signedParts].sort()).to.deep.equal([1, 2, 3, 4]);
    expect(putParts).to.deep.equal([1, 2, 3, 4]);
  });
});
