import { expect } from '@open-wc/testing';
import { uploaderProps, type UploaderPropName } from '../../../elements/index.js';
import { mount, textFile, unmountAll, type SvcUploader } from './helpers.js';

interface Sample {
  /** Attribute text that plain HTML would write. */
  attribute?: string;
  /** The property value that text must produce. */
  value: unknown;
  /** Further attribute forms and their values. */
  alternatives?: Array<[string, unknown]>;
}

const folder = { allowDrop: true, showSelectFolderButton: true };
const resumable = { protocol: 'multipart', chunkSizeBytes: 5242880, maxConcurrentParts: 2 };
const cors = { allowedOrigins: ['https://app.example'], maxAgeSeconds: 600 };
const theme = { mode: 'dark', tokens: { 'color-accent': '#0a7d38' } };
const drives = { googleDrive: { clientId: 'id', apiKey: 'key', appId: 'app' } };

/** One sample per prop; the first test fails when a prop is added without one. */
const samples: Record<UploaderPropName, Sample> = {
  provider: { attribute: 'minio', value: 'minio' },
  uploadEndpoint: { attribute: '/tokens', value: '/tokens' },
  serverUrl: { attribute: '/api/upload', value: '/api/upload' },
  mode: { attribute: 'server', value: 'server' },
  autoUpload: { attribute: '', value: true },
  quietCompletion: { attribute: '', value: true },
  enablePaste: { attribute: '', value: true },
  pasteScope: { attribute: 'document', value: 'document' },
  disableDragDrop: { attribute: '', value: true },
  folderUpload: { attribute: JSON.stringify(folder), value: folder },
  name: { attribute: 'attachments', value: 'attachments' },
  required: { attribute: '', value: true },
  disabled: { attribute: '', value: true },
  onBeforeFileAdded: { value: (file: File) => file.size > 0 },
  maxFiles: { attribute: '4', value: 4 },
  allowedFileTypes: { attribute: 'images,.pdf', value: 'images,.pdf', alternatives: [['["images",".pdf"]', ['images', '.pdf']]] },
  maxFileSize: {
    attribute: '20 MB',
    value: { size: 20, unit: 'MB' },
    alternatives: [
      ['{"size":2,"unit":"GB"}', { size: 2, unit: 'GB' }],
      ['512', { size: 512, unit: 'B' }],
      ['2 kB', { size: 2, unit: 'kB' }],
      ['50 MiB', { size: 50, unit: 'MiB' }],
      ['1 gib', { size: 1, unit: 'GiB' }],
    ],
  },
  minFileSize: { attribute: '1KB', value: { size: 1, unit: 'KB' } },
  maxTotalFileSize: { attribute: '1.5 GB', value: { size: 1.5, unit: 'GB' } },
  contentDeduplication: { attribute: '', value: true },
  imageCompression: { attribute: '', value: true },
  heicConversion: { attribute: '', value: true },
  stripExifData: { attribute: '', value: true },
  thumbnailGenerator: { attribute: '', value: true },
  checksumVerification: { attribute: '', value: true },
  checksumAlgorithm: { attribute: 'CRC32C', value: 'CRC32C' },
  webWorker: { attribute: 'false', value: false, alternatives: [['', true]] },
  imageEditor: {
    attribute: 'false',
    value: false,
    alternatives: [
      ['{"display":"modal"}', { display: 'modal' }],
      ['', true],
    ],
  },
  processingEndpoint: { attribute: '/events', value: '/events' },
  processingTimeout: { attribute: '5000', value: 5000 },
  maxRetries: { attribute: '1', value: 1 },
  maxConcurrentUploads: { attribute: '2', value: 2 },
  resumable: { attribute: JSON.stringify(resumable), value: resumable },
  crashRecovery: { attribute: '', value: true },
  persistenceKey: { attribute: 'user-42', value: 'user-42' },
  networkAware: { attribute: '', value: false },
  metadata: { attribute: '{"album":"summer"}', value: { album: 'summer' } },
  cors: { attribute: JSON.stringify(cors), value: cors },
  sources: { attribute: 'url, camera', value: ['url', 'camera'], alternatives: [['["screen","local"]', ['screen', 'local']]] },
  cloudDrives: { attribute: JSON.stringify(drives), value: drives },
  urlImportTimeout: { attribute: '5000', value: 5000 },
  theme: { attribute: JSON.stringify(theme), value: theme },
  animations: { attribute: '', value: false },
  mini: { attribute: '', value: true },
  icons: { value: { FileDeleteIcon: () => 'x' } },
  allowPreview: { attribute: '', value: false },
  showBranding: { attribute: '', value: false },
  isProcessing: { attribute: '', value: true },
  i18n: { attribute: '{"locale":"he"}', value: { locale: 'he' } },
};

const names = Object.keys(uploaderProps) as UploaderPropName[];

function engineValue(element: SvcUploader, name: UploaderPropName): unknown {
  return (element.engine!.options as Record<string, unknown>)[name];
}

describe('<svc-uploader> properties and attributes', () => {
  afterEach(unmountAll);

  it('has a sample for every prop of the table', () => {
    expect(Object.keys(samples).sort()).to.deep.equal([...names].sort());
  });

  for (const name of names) {
    const definition = uploaderProps[name];
    const sample = samples[name];
    if (definition.attribute === false) {
      it(`${name} is a property only`, async () => {
        const element = await mount('<svc-uploader></svc-uploader>');
        (element as unknown as Record<string, unknown>)[name] = sample.value;
        await element.updateComplete;
        expect((element as unknown as Record<string, unknown>)[name]).to.equal(sample.value);
        if (definition.engine) expect(engineValue(element, name)).to.equal(sample.value);
        // The theme runtime's own `data-svc-mode` aside, setting the property adds no attribute.
        expect([...element.attributes].map((attribute) => attribute.name).filter((name) => name !== 'data-svc-mode')).to.deep.equal([]);
      });
      continue;
    }
    it(`${name} ↔ ${definition.attribute}`, async () => {
      const attribute = definition.attribute as string;
      const element = await mount('<svc-uploader></svc-uploader>');
      const initial = (element as unknown as Record<string, unknown>)[name];
      for (const [text, value] of [[sample.attribute!, sample.value] as [string, unknown], ...(sample.alternatives ?? [])]) {
        element.setAttribute(attribute, text);
        await element.updateComplete;
        expect((element as unknown as Record<string, unknown>)[name], `${attribute}="${text}"`).to.deep.equal(value);
        if (definition.engine) expect(engineValue(element, name), `engine ${name}`).to.deep.equal(value);
      }
      element.removeAttribute(attribute);
      await element.updateComplete;
      const reset = (element as unknown as Record<string, unknown>)[name];
      // Removing the attribute returns to the default, or to "not set" so the engine default applies.
      if (reset !== undefined) expect(reset).to.deep.equal(initial);
    });
  }

  it('parses the attributes present when the element is created from HTML', async () => {
    const element = await mount(`<svc-uploader server-url="/api/upload" max-files="3" max-file-size="5 MB" sources="local,url"
      no-animations no-allow-preview no-show-branding no-network-aware metadata='{"team":"web"}'></svc-uploader>`);
    expect(element.maxFiles).to.equal(3);
    expect(element.maxFileSize).to.deep.equal({ size: 5, unit: 'MB' });
    expect(element.sources).to.deep.equal(['local', 'url']);
    expect([element.animations, element.allowPreview, element.showBranding, element.networkAware]).to.deep.equal([false, false, false, false]);
    expect(element.engine!.options).to.include({ serverUrl: '/api/upload', maxFiles: 3, networkAware: false });
    expect(element.engine!.options.metadata).to.deep.equal({ team: 'web' });
  });

  it('has the contract defaults', async () => {
    const element = await mount('<svc-uploader></svc-uploader>');
    expect(element).to.include({
      autoUpload: false,
      quietCompletion: false,
      enablePaste: false,
      pasteScope: 'element',
      disableDragDrop: false,
      maxFiles: 10,
      allowedFileTypes: '*',
      contentDeduplication: false,
      maxRetries: 3,
      maxConcurrentUploads: 3,
      processingTimeout: 60000,
      crashRecovery: false,
      networkAware: true,
      animations: true,
      mini: false,
      allowPreview: true,
      showBranding: true,
      isProcessing: false,
    });
    expect(element.maxFileSize).to.deep.equal({ size: 1, unit: 'GB' });
    expect(element.sources).to.deep.equal(['local', 'url', 'camera', 'microphone', 'screen']);
    expect(element.mode).to.equal(undefined);
    expect(element.webWorker).to.equal(undefined);
  });

  it('turns default-true features back on when the no-* attribute is removed', async () => {
    const element = await mount('<svc-uploader no-show-branding></svc-uploader>');
    expect(element.shadowRoot!.querySelector('[part~="branding"]')).to.equal(null);
    element.removeAttribute('no-show-branding');
    await element.updateComplete;
    expect(element.showBranding).to.equal(true);
    expect(element.shadowRoot!.querySelector('[part~="branding"]')).not.to.equal(null);
  });

  it('reflects mini and is-processing, which CSS reads', async () => {
    const element = await mount('<svc-uploader></svc-uploader>');
    element.mini = true;
    element.isProcessing = true;
    await element.updateComplete;
    expect(element.hasAttribute('mini')).to.equal(true);
    expect(element.hasAttribute('is-processing')).to.equal(true);
  });

  it('ignores an unreadable attribute value instead of throwing', async () => {
    const element = await mount('<svc-uploader></svc-uploader>');
    element.setAttribute('folder-upload', '{not json');
    element.setAttribute('max-file-size', 'huge');
    await element.updateComplete;
    expect(element.folderUpload).to.equal(undefined);
    expect(element.maxFileSize).to.equal(undefined);
  });

  it('forwards run-time changes to the engine without losing files', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    const engine = element.engine;
    await element.addFiles([textFile('kept-1.txt'), textFile('kept-2.txt')]);
    element.maxFiles = 5;
    element.setAttribute('metadata', '{"step":2}');
    element.maxRetries = 0;
    await element.updateComplete;
    expect(element.engine).to.equal(engine);
    expect(element.files.map((file) => file.name)).to.deep.equal(['kept-1.txt', 'kept-2.txt']);
    expect(engine!.options).to.include({ maxFiles: 5, maxRetries: 0 });
    expect(engine!.options.metadata).to.deep.equal({ step: 2 });
  });

  it('reports a configuration the engine refuses once, and recovers when it is fixed', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    const errors: CustomEvent[] = [];
    element.addEventListener('svc-error', (event) => errors.push(event));
    element.maxRetries = Number.NaN;
    await element.updateComplete;
    element.metadata = { unrelated: true };
    await element.updateComplete;
    expect(errors).to.have.length(1);
    expect(errors[0]!.detail).to.include({ scope: 'configuration', code: 'CONFIGURATION_ERROR' });
    element.maxRetries = 2;
    await element.updateComplete;
    expect(element.engine!.options.maxRetries).to.equal(2);
  });

  it('uses the host element as the root container for class and style', async () => {
    const style = document.createElement('style');
    style.textContent = '.framed-uploader { outline: 3px solid rgb(1, 2, 3); }';
    document.head.append(style);
    const element = await mount('<svc-uploader class="framed-uploader" style="margin-top: 7px"></svc-uploader>');
    expect(getComputedStyle(element).outlineColor).to.equal('rgb(1, 2, 3)');
    expect(getComputedStyle(element).marginTop).to.equal('7px');
    element.className = 'other';
    expect(getComputedStyle(element).outlineStyle).to.equal('none');
    style.remove();
  });
});
