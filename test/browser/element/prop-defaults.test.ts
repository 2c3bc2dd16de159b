import { expect } from '@open-wc/testing';
import { ENGINE_DEFAULTS, UploadEngine } from '../../../engine/index.js';
import { uploaderProps } from '../../../elements/svc-uploader/properties.js';
import { mount, randomFile, unmountAll } from './helpers.js';

// The props the element forwards to the engine start where the engine starts: one declaration.
describe('defaults shared by element and engine', () => {
  afterEach(unmountAll);

  it('the prop table takes each engine default from ENGINE_DEFAULTS', () => {
    for (const [name, value] of Object.entries(ENGINE_DEFAULTS)) {
      expect(uploaderProps[name as keyof typeof uploaderProps].default, name).to.equal(value);
    }
  });

  it('a fresh element holds the engine defaults', async () => {
    const element = await mount();
    for (const [name, value] of Object.entries(ENGINE_DEFAULTS)) {
      expect((element as unknown as Record<string, unknown>)[name], name).to.deep.equal(value);
    }
  });

  it('an engine without options applies them: the eleventh file is refused', async () => {
    const engine = new UploadEngine({ serverUrl: '/api/upload' });
    const refused: string[] = [];
    engine.on('file-reject', ({ reason }) => refused.push(reason));
    await engine.addFiles(Array.from({ length: ENGINE_DEFAULTS.maxFiles + 1 }, (_, index) => randomFile(`f${index}.bin`, 10)));
    expect(engine.files.length).to.equal(ENGINE_DEFAULTS.maxFiles);
    expect(refused).to.deep.equal(['LIMIT_EXCEEDED']);
    engine.destroy();
  });
});
