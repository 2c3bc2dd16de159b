// Files a script hands to an uploader of the built browser bundle before its engine has loaded:
// the calls wait for it and run in the order they were made, the files reach the bucket, and what
// the first file needs (engine, file list, upload machinery) is fetched in one go, not one chunk
// after another.
import { expect } from '@open-wc/testing';
import { eventually } from '../eventually.js';
import { holdIdleCallbacks } from './idle-callbacks.js';
import type { SvcUploader } from './built-bundle.js';

const BUNDLE = '/dist/browser/svc-uploader.js';

holdIdleCallbacks();

/** The resource entries of the bundle's chunks whose file names start with one of `prefixes`. */
function chunkEntries(prefixes: string[]): PerformanceResourceTiming[] {
  return (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) =>
    prefixes.some((prefix) => new URL(entry.name).pathname.startsWith(`/dist/browser/${prefix}-`)),
  );
}

describe('<svc-uploader> files added by script before the engine loaded (built bundle)', () => {
  before(async function () {
    const response = await fetch(BUNDLE, { method: 'HEAD' });
    if (!response.ok) this.skip();
    await import(/* @vite-ignore */ BUNDLE);
  });

  it('queues two addFiles() calls, runs them in order once the engine is there, and uploads the bytes', async () => {
    const element = document.createElement('svc-uploader') as SvcUploader;
    element.setAttribute('server-url', '/api/upload');
    document.body.append(element);
    await eventually(() => element.shadowRoot?.querySelector('[part~="drop-zone"]') !== null, 'the drop zone');
    expect(element.engine).to.equal(undefined);
    expect(element.files).to.deep.equal([]);

    const added: string[] = [];
    element.addEventListener('svc-file-add', (event) => added.push(event.detail.file.name));
    const stored = new Map<string, string>();
    element.addEventListener('svc-file-upload-complete', (event) => stored.set(event.detail.file.name, event.detail.result.downloadUrl!));
    const first = new File([crypto.getRandomValues(new Uint8Array(3000))], 'first.bin');
    const second = new File([crypto.getRandomValues(new Uint8Array(5000))], 'second.bin');
    const addingFirst = element.addFiles([first]);
    const addingSecond = element.addFiles([second]);
    expect(element.engine, 'engine while the calls wait').to.equal(undefined);

    const [firstResult, secondResult] = await Promise.all([addingFirst, addingSecond]);
    const summary = await element.upload();
    expect(firstResult.added.map((file) => file.name)).to.deep.equal(['first.bin']);
    expect(secondResult.added.map((file) => file.name)).to.deep.equal(['second.bin']);
    expect(added).to.deep.equal(['first.bin', 'second.bin']);
    expect(summary).to.include({ successful: 2, failed: 0 });
    for (const file of [first, second]) {
      const bytes = new Uint8Array(await (await fetch(stored.get(file.name)!)).arrayBuffer());
      expect(bytes, file.name).to.deep.equal(new Uint8Array(await file.arrayBuffer()));
    }
    const names = [...element.shadowRoot!.querySelectorAll('[part~="file-name"]')].map((node) => node.textContent!.trim());
    expect(names).to.deep.equal(['first.bin', 'second.bin']);
    element.remove();
  });

  it('fetched the engine, the file list, the upload machinery, the rest of English and the chunks they import', () => {
    const entries = chunkEntries(['engine', 'engine-views', 'file-views', 'upload-machinery', 'rolldown-runtime', 'en']);
    expect(
      entries
        .map((entry) =>
          new URL(entry.name).pathname
            .split('/')
            .pop()!
            .replace(/-[\w-]{8}\.js$/, ''),
        )
        .sort(),
    ).to.deep.equal(['en', 'engine', 'engine-views', 'file-views', 'rolldown-runtime', 'upload-machinery']);
  });

  it("asks for a lazy chunk's own imports next to the chunk itself, not once it has arrived", async () => {
    const entry = await (await fetch(BUNDLE)).text();
    // Quotes as the test server hands the file over, which may differ from the file on disk.
    const lazilyImported = (code: string) => new Set([...code.matchAll(/import\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g)].map((match) => match[1]!));
    const entryImports = lazilyImported(entry);
    const lazy = [...entryImports].filter((chunk) => /^(engine|engine-views|file-views|en)-[\w-]{8}\.js$/.test(chunk));
    expect(lazy.length, 'the entry imports the engine, its element side, the file views and the rest of English lazily').to.be.at.least(4);
    for (const chunk of lazy) {
      const code = await (await fetch(`/dist/browser/${chunk}`)).text();
      const ownImports = [...code.matchAll(/from\s*["'`]\.\/([\w.-]+\.js)["'`]/g)]
        .map((match) => match[1]!)
        // The entry's own files are there already.
        .filter((imported) => imported !== 'svc-uploader.js' && !new RegExp(`from\\s*["'\`]\\./${imported.replaceAll('.', '\\.')}["'\`]`).test(entry));
      for (const imported of ownImports) expect(entryImports.has(imported), `${chunk} imports ${imported}`).to.equal(true);
    }
  });
});
