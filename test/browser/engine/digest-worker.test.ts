import { expect } from '@open-wc/testing';
import { UploadEngine, type EngineOptions } from '../../../engine/index.js';
import { fileSha256Hex, stopDigestWorker, uploadDigests } from '../../../engine/processing/digest-worker-client.js';
import { randomFile, readBack, sha256Of } from './helpers.js';

// Where checksumVerification computes its digests: in a module worker started only when the
// option is on (the main thread then loads no hashing code), on the main thread where a
// Content-Security-Policy refuses workers, and never past an upload's end. Real uploads through
// the real handler to a real RGW, behind the fault proxy (no faults) so the bucket can be listed.

const MIB = 1024 * 1024;
const OriginalWorker = window.Worker;

interface BucketState {
  objects: Array<{ key: string; size: number }>;
  openUploads: Array<{ key: string; uploadId: string }>;
}

function options(serverUrl: string, checksumVerification: boolean): EngineOptions {
  return {
    serverUrl,
    checksumVerification,
    resumable: { protocol: 'multipart', thresholdBytes: 5 * MIB, chunkSizeBytes: 5 * MIB, maxConcurrentParts: 2, persist: false },
  };
}

/** Script paths this page or its workers fetched (Resource Timing) whose file name is `name` (.js or .ts). */
function fetchedScripts(name: string): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => [`${name}.js`, `${name}.ts`].includes(path.split('/').pop()!));
}

async function withProxy<T>(run: (serverUrl: string, bucket: (name: string) => Promise<BucketState>) => Promise<T>): Promise<T> {
  const { id } = (await (await fetch('/test-fixtures/fault-proxy', { method: 'POST', body: JSON.stringify({ storage: [] }) })).json()) as { id: string };
  const bucket = async (name: string) => (await (await fetch(`/test-fixtures/fault-proxy/${id}?name=${encodeURIComponent(name)}`)).json()) as BucketState;
  try {
    return await run(`/test-fixtures/proxied/${id}`, bucket);
  } finally {
    await fetch(`/test-fixtures/fault-proxy/${id}`, { method: 'DELETE' });
  }
}

/** Uploads a one-PUT file and a three-part file; each must succeed and be stored exactly. */
async function uploadAndCheck(label: string, checksumVerification: boolean): Promise<void> {
  await withProxy(async (serverUrl, bucket) => {
    const files = [randomFile(`${label}-single.bin`, 1 * MIB), randomFile(`${label}-multipart.bin`, 12 * MIB)];
    const engine = new UploadEngine(options(serverUrl, checksumVerification));
    await engine.addFiles(files);
    await engine.start();
    for (const [index, file] of files.entries()) {
      const record = engine.files[index]!;
      expect(record.state, `${file.name}: ${record.error?.code} ${record.error?.message}`).to.equal('successful');
      expect(await sha256Of(await readBack(record.result!.downloadUrl)), file.name).to.equal(await sha256Of(file));
      if (checksumVerification) expect(record.checksum, `${file.name} SHA-256`).to.equal(await sha256Of(file));
      expect((await bucket(file.name)).openUploads, `${file.name}: open multipart uploads`).to.deep.equal([]);
    }
  });
}

interface Recorded {
  posted: Array<{ url: string; message: { id: number; kind?: string; cancel?: true } }>;
  replies: Array<{ id?: number; value?: unknown; error?: string; ready?: true }>;
  created: string[];
  restore(): void;
}

/** Real workers, each recording what the page posts to it and what it answers. */
function recordWorkers(): Recorded {
  const posted: Recorded['posted'] = [];
  const replies: Recorded['replies'] = [];
  const created: string[] = [];
  class RecordingWorker extends OriginalWorker {
    readonly #url: string;
    constructor(url: string | URL, workerOptions?: WorkerOptions) {
      super(url, workerOptions);
      this.#url = String(url);
      created.push(this.#url);
      this.addEventListener('message', (event: MessageEvent) => replies.push(event.data as Recorded['replies'][number]));
    }
    override postMessage(message: unknown, transfer?: unknown): void {
      posted.push({ url: this.#url, message: message as { id: number; kind?: string; cancel?: true } });
      super.postMessage(message, transfer as Transferable[]);
    }
  }
  window.Worker = RecordingWorker;
  return {
    posted,
    replies,
    created,
    restore: () => {
      window.Worker = OriginalWorker;
    },
  };
}

describe('checksumVerification: where the digests are computed', () => {
  afterEach(() => stopDigestWorker());

  it('without the option, no digest worker and no hashing code are loaded', async () => {
    await uploadAndCheck('digests-off', false);
    expect(fetchedScripts('digest-worker')).to.deep.equal([]);
    expect(fetchedScripts('wasm-digests')).to.deep.equal([]);
  });

  it('with the option, the part MD5s, the single PUT digest and the SHA-256 come from the digest worker', async () => {
    const recorder = recordWorkers();
    try {
      await uploadAndCheck('digests-in-worker', true);
    } finally {
      recorder.restore();
    }
    expect(fetchedScripts('digest-worker')).to.have.length(1);
    const jobs = recorder.posted.filter(({ url }) => url.includes('digest-worker')).map(({ message }) => message);
    // Both files' SHA-256, the single PUT's digests, the three parts' digests (an MD5 each).
    expect(jobs.map((job) => job.kind).sort()).to.deep.equal(['sha256', 'sha256', 'upload', 'upload', 'upload', 'upload']);
    // Each answered by the worker: none was computed again on the main thread.
    const answered = recorder.replies
      .filter((reply) => 'value' in reply)
      .map((reply) => reply.id)
      .sort();
    expect(answered).to.deep.equal(jobs.map((job) => job.id).sort());
    expect(recorder.replies.filter((reply) => 'error' in reply)).to.deep.equal([]);
  });

  it('cancelling an upload while its parts are being hashed stops those digests and leaves no open multipart upload', async () => {
    const recorder = recordWorkers();
    try {
      await withProxy(async (serverUrl, bucket) => {
        const file = randomFile('cancelled-while-hashing.bin', 30 * MIB);
        const engine = new UploadEngine({ ...options(serverUrl, true), pipeline: [] });
        await engine.addFiles([file]);
        const id = engine.files[0]!.id;
        // Cancelled as soon as the first part digest is asked for: its answer cannot have come yet.
        const started = recorder.posted.length;
        const watch = setInterval(() => {
          if (recorder.posted.slice(started).some(({ message }) => message.kind === 'upload')) {
            clearInterval(watch);
            engine.cancel(id);
          }
        }, 0);
        await engine.start().finally(() => clearInterval(watch));
        expect(engine.files.find((record) => record.id === id)?.state ?? 'removed').to.not.equal('successful');
        const sent = recorder.posted.slice(started).map(({ message }) => message);
        const asked = sent.filter((message) => message.kind === 'upload').map((message) => message.id);
        expect(asked.length, 'part digests asked for').to.be.above(0).and.below(7);
        expect(sent.filter((message) => message.cancel).length, 'digests cancelled').to.be.above(0);
        // The engine aborts the session in the background once the file is cancelled.
        let state = await bucket(file.name);
        for (let check = 0; check < 40 && state.openUploads.length > 0; check += 1) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          state = await bucket(file.name);
        }
        expect({ objects: state.objects, openUploads: state.openUploads }).to.deep.equal({ objects: [], openUploads: [] });
      });
    } finally {
      recorder.restore();
    }
  });

  it('a file of many read slices (above the one-buffer WebCrypto limit) is hashed in the worker with the right digests; a cancelled pass leaves the next one working', async () => {
    const recorder = recordWorkers();
    try {
      const file = randomFile('many-slices.bin', 72 * MIB + 5);
      const cancelled = new AbortController();
      const first = fileSha256Hex(file, cancelled.signal);
      cancelled.abort(new DOMException('cancelled', 'AbortError'));
      let reason: unknown;
      await first.catch((error: unknown) => (reason = error));
      expect((reason as DOMException | undefined)?.name).to.equal('AbortError');

      expect(await fileSha256Hex(file)).to.equal(await sha256Of(file));
      const reference = btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()))));
      expect((await uploadDigests(file, 'SHA256')).checksum).to.deep.equal({ algorithm: 'SHA256', value: reference });
      const jobs = recorder.posted.filter(({ message }) => message.kind !== undefined).map(({ message }) => message.id);
      const answered = recorder.replies.filter((reply) => 'value' in reply).map((reply) => reply.id);
      // The last two jobs were answered by the worker, not computed again on the main thread.
      expect(answered).to.include.members(jobs.slice(-2));
    } finally {
      recorder.restore();
    }
  });

  // Last: a policy added to the page cannot be taken away again.
  it("under a Content-Security-Policy with worker-src 'none', computes the digests on the main thread and still verifies", async () => {
    const policy = Object.assign(document.createElement('meta'), { httpEquiv: 'Content-Security-Policy', content: "worker-src 'none'" });
    document.head.append(policy);
    const recorder = recordWorkers();
    try {
      await uploadAndCheck('digests-on-main-thread', true);
    } finally {
      recorder.restore();
    }
    // The worker was refused once; no digest came from a worker.
    expect(recorder.replies).to.deep.equal([]);
    expect(recorder.created.filter((url) => url.includes('digest-worker')).length).to.be.at.most(1);
  });
});
