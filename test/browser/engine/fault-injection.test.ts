import { expect } from '@open-wc/testing';
import { UploadEngine, type EngineOptions } from '../../../engine/index.js';
import { randomFile, readBack, sha256Of } from './helpers.js';

// Every scenario runs a real upload in Chromium through a fault-injecting proxy that sits between
// the browser and storage and between the handler and storage (the handler's storage endpoint),
// or loses the handler's answer on its way back. Each file must end stored exactly once with the
// exact bytes, and storage must hold no open multipart upload afterwards.

const MIB = 1024 * 1024;

type Fault = 'reset' | 'drop-mid-body' | 'hang' | '500' | '503-retry-after' | 'slow-down';
interface StorageRule {
  match: 'put' | 'part' | 'create' | 'complete' | 'list-parts';
  side?: 'browser' | 'handler';
  partNumber?: number;
  fault: Fault;
  /** How many matching requests get the fault. Default 1. */
  times?: number;
}
interface ScenarioSpec {
  storage?: StorageRule[];
  handler?: { dropAnswer?: string[] };
}
interface ScenarioState {
  proxy: string[];
  handler: string[];
  unfired: string[];
  objects: Array<{ key: string; size: number }>;
  openUploads: Array<{ key: string; uploadId: string }>;
}

/** Short time-outs and quick retries keep the suite fast; the behaviour is the same as with the defaults. */
function options(serverUrl: string): EngineOptions {
  return {
    serverUrl,
    maxRetries: 2,
    retryBaseDelayMs: 0,
    requestTimeoutMs: 3000,
    uploadStallTimeoutMs: 1500,
    resumable: { protocol: 'multipart', thresholdBytes: 5 * MIB, chunkSizeBytes: 5 * MIB, retryDelays: [0, 100], partTimeoutMs: 1500 },
  };
}

async function scenarioState(id: string, name: string): Promise<ScenarioState> {
  return (await (await fetch(`/test-fixtures/fault-proxy/${id}?name=${encodeURIComponent(name)}`)).json()) as ScenarioState;
}

async function withScenario(spec: ScenarioSpec, files: File[]): Promise<void> {
  const { id } = (await (await fetch('/test-fixtures/fault-proxy', { method: 'POST', body: JSON.stringify(spec) })).json()) as { id: string };
  try {
    const engine = new UploadEngine(options(`/test-fixtures/proxied/${id}`));
    await engine.addFiles(files);
    await engine.start();
    for (const [index, file] of files.entries()) {
      const record = engine.files[index]!;
      expect(record.state, `${file.name}: ${record.error?.code} ${record.error?.message}`).to.equal('successful');
      expect(await sha256Of(await readBack(record.result!.downloadUrl)), file.name).to.equal(await sha256Of(file));
      const state = await scenarioState(id, file.name);
      expect(
        state.objects.map((object) => object.size),
        `${file.name} stored once`,
      ).to.deep.equal([file.size]);
      expect(state.openUploads, `${file.name}: open multipart uploads`).to.deep.equal([]);
    }
    const state = await scenarioState(id, '-');
    expect(state.unfired, `faults that never happened (proxy saw: ${state.proxy.join(', ')})`).to.deep.equal([]);
  } finally {
    await fetch(`/test-fixtures/fault-proxy/${id}`, { method: 'DELETE' });
  }
}

/** A one-PUT file and a two-part file, named after the scenario so the bucket check finds them. */
function filesFor(scenario: string): File[] {
  return [randomFile(`${scenario}-single.bin`, 1 * MIB), randomFile(`${scenario}-multipart.bin`, 6 * MIB)];
}

const BROWSER_FAULTS: Fault[] = ['drop-mid-body', 'reset', '500', '503-retry-after', 'slow-down', 'hang'];
const HANDLER_FAULTS: Array<[StorageRule['match'], Fault]> = [
  ['create', '500'],
  ['create', 'reset'],
  ['create', 'hang'],
  ['complete', 'slow-down'],
  ['complete', 'reset'],
  ['complete', '503-retry-after'],
];

describe('Fault injection: browser ↔ storage', () => {
  afterEach(() => localStorage.clear());

  for (const fault of BROWSER_FAULTS) {
    it(`survives ${fault} on a single PUT and on a part`, async () => {
      await withScenario(
        {
          storage: [
            { match: 'put', side: 'browser', fault },
            { match: 'part', side: 'browser', partNumber: 1, fault },
          ],
        },
        filesFor(`browser-${fault}`),
      );
    });
  }
});

describe('Fault injection: handler ↔ storage', () => {
  afterEach(() => localStorage.clear());

  for (const [match, fault] of HANDLER_FAULTS) {
    it(`survives ${fault} on ${match === 'create' ? 'CreateMultipartUpload' : 'CompleteMultipartUpload'}`, async () => {
      await withScenario({ storage: [{ match, side: 'handler', fault }] }, [filesFor(`handler-${match}-${fault}`)[1]!]);
    });
  }
});

describe('Fault injection: handler → browser', () => {
  afterEach(() => localStorage.clear());

  it('stores the file once when the /multipart/complete answer is lost after the handler committed', async () => {
    await withScenario({ handler: { dropAnswer: ['multipart/complete'] } }, [filesFor('lost-complete')[1]!]);
  });

  it('stores the file once when the /presign answer is lost', async () => {
    await withScenario({ handler: { dropAnswer: ['presign'] } }, [filesFor('lost-presign')[0]!]);
  });
});

describe('Fault injection: storage keeps failing', () => {
  afterEach(() => localStorage.clear());

  it('fails both files with the storage error, stores nothing, and removing the file leaves no open upload', async () => {
    const always500: StorageRule[] = [
      { match: 'put', side: 'browser', fault: '500', times: 100 },
      { match: 'part', side: 'browser', partNumber: 1, fault: '500', times: 100 },
    ];
    const { id } = (await (await fetch('/test-fixtures/fault-proxy', { method: 'POST', body: JSON.stringify({ storage: always500 }) })).json()) as {
      id: string;
    };
    try {
      const files = filesFor('always-500');
      const engine = new UploadEngine(options(`/test-fixtures/proxied/${id}`));
      await engine.addFiles(files);
      await engine.start();
      for (const [index, file] of files.entries()) {
        const record = engine.files[index]!;
        expect(record.state, file.name).to.equal('failed');
        expect(record.error, file.name).to.include({ code: 'HTTP_ERROR', status: 500, serverCode: 'InternalError', retryable: true });
        expect(record.attempts, file.name).to.equal(3);
        expect((await scenarioState(id, file.name)).objects, file.name).to.deep.equal([]);
      }
      // The failed multipart file keeps its session for retry(); removing it discards the parts.
      expect((await scenarioState(id, files[1]!.name)).openUploads).to.have.length(1);
      engine.removeFile(engine.files[1]!.id);
      let openUploads = (await scenarioState(id, files[1]!.name)).openUploads;
      for (let check = 0; openUploads.length > 0 && check < 50; check += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        openUploads = (await scenarioState(id, files[1]!.name)).openUploads;
      }
      expect(openUploads).to.deep.equal([]);
    } finally {
      await fetch(`/test-fixtures/fault-proxy/${id}`, { method: 'DELETE' });
    }
  });
});
