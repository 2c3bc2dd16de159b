// `heic-to` is an optional peer dependency: in an app that has not turned it on (no
// `import 'svc-uploader/heic'`), a HEIC photo is reported once with how to install the decoder,
// and uploaded as it was picked. This file never imports elements/heic.ts, so no decoder is registered.
import { expect } from '@open-wc/testing';
import { UploadEngine } from '../../../engine/index.js';
import { readBack, recordEvents, sha256Of } from './helpers.js';

describe('heicConversion without the optional decoder', () => {
  it('reports a pipeline error that says how to install heic-to and uploads the original bytes', async () => {
    const response = await fetch(new URL('../../fixtures/heic/red-blue.heic', import.meta.url));
    const photo = new File([await response.arrayBuffer()], 'photo.heic', { type: 'image/heic' });
    const engine = new UploadEngine({ serverUrl: '/api/upload', heicConversion: true });
    const events = recordEvents(engine, ['pipeline-error']);
    await engine.addFiles([photo]);
    await engine.start();

    const [record] = engine.files;
    expect(record!.state).to.equal('successful');
    expect(events.map(({ detail }) => [detail.step, detail.file.name, detail.message])).to.deep.equal([
      [
        'heic-conversion',
        'photo.heic',
        "HEIC conversion needs the optional heic-to package: install it (npm install heic-to) and import 'svc-uploader/heic' once in the app",
      ],
    ]);
    expect([record!.name, record!.type]).to.deep.equal(['photo.heic', 'image/heic']);
    expect(await sha256Of(await readBack(record!.result?.downloadUrl))).to.equal(await sha256Of(photo));
  });
});
