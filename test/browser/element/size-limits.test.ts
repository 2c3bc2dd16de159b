/**
 * Size limits count the way sizes are shown: `50 MB` is 50,000,000 bytes, so a file whose row would
 * read "52 MB" is over it; hosts who count in binary write `50 MiB`, which reads in decimal units
 * like the files beside it.
 */
import { expect } from '@open-wc/testing';
import { mount, nextEvent, part, parts, unmountAll } from './helpers.js';

/** A file of exactly `megabytes` × 1,000,000 bytes; Blob parts are referenced, not copied. */
function fileOfMegabytes(name: string, megabytes: number): File {
  const megabyte = new Blob([new Uint8Array(1_000_000)]);
  return new File(
    Array.from({ length: megabytes }, () => megabyte),
    name,
  );
}

describe('<svc-uploader> size limits', () => {
  afterEach(unmountAll);

  it('refuses a 52,000,000-byte file at max-file-size="50 MB" and states the limit in decimal', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload" max-file-size="50 MB"></svc-uploader>');
    expect(parts(element, 'limit').map((limit) => limit.textContent)).to.include('Max. 50 MB per file');
    const rejected = nextEvent(element, 'svc-file-reject');
    await element.addFiles([fileOfMegabytes('video.mp4', 52)]);
    const { detail } = await rejected;
    expect(detail).to.include({ reason: 'FILE_TOO_LARGE', limit: 50_000_000 });
    expect(detail.message).to.equal('video.mp4 is larger than 50 MB');
    await element.updateComplete;
    expect(element.files).to.have.length(0);
    expect(part(element, 'rejection').textContent).to.equal('video.mp4 is too large. The maximum is 50 MB.');
  });

  it('accepts it at max-file-size="50 MiB", whose limit reads in the decimal units of its row', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload" max-file-size="50 MiB"></svc-uploader>');
    expect(element.maxFileSize).to.deep.equal({ size: 50, unit: 'MiB' });
    expect(parts(element, 'limit').map((limit) => limit.textContent)).to.include('Max. 52.43 MB per file');
    const added = nextEvent(element, 'svc-files-add');
    await element.addFiles([fileOfMegabytes('video.mp4', 52)]);
    await added;
    await element.updateComplete;
    expect(element.files.map((file) => file.name)).to.deep.equal(['video.mp4']);
    expect(part(element, 'file-size').textContent).to.equal('52 MB');
  });

  it('reads a binary limit in decimal in a refusal too, and takes units in any letter case', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload" max-file-size="50 mib"></svc-uploader>');
    expect(element.maxFileSize).to.deep.equal({ size: 50, unit: 'MiB' });
    const rejected = nextEvent(element, 'svc-file-reject');
    await element.addFiles([fileOfMegabytes('video.mp4', 53)]);
    expect((await rejected).detail).to.include({ limit: 50 * 1024 ** 2, message: 'video.mp4 is larger than 52.43 MB' });
    await element.updateComplete;
    expect(part(element, 'rejection').textContent).to.equal('video.mp4 is too large. The maximum is 52.43 MB.');
  });

  it('counts the default limit as 1 GB: 1,000,000,000 bytes pass, one more byte does not', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    expect(parts(element, 'limit').map((limit) => limit.textContent)).to.include('Max. 1 GB per file');
    const atLimit = fileOfMegabytes('at-limit.bin', 1000);
    const overLimit = new File([atLimit, new Uint8Array(1)], 'over-limit.bin');
    const rejected = nextEvent(element, 'svc-file-reject');
    await element.addFiles([atLimit, overLimit]);
    expect((await rejected).detail).to.include({ reason: 'FILE_TOO_LARGE', limit: 1_000_000_000 });
    await element.updateComplete;
    expect(element.files.map((file) => file.name)).to.deep.equal(['at-limit.bin']);
  });
});
