// The file list's views and sheets arrive as a chunk of their own (file-list/file-views.ts). This
// file runs in a page of its own, so the first test here is the one that waits for that chunk.
import { expect } from '@open-wc/testing';
import { mount, part, parts, textFile, unmountAll, type SvcUploader } from './helpers.js';

describe('<svc-uploader> file views loaded on demand', () => {
  afterEach(unmountAll);

  it('lists, styled, a file added before the element was placed, and one added to an uploader placed before the list arrived', async () => {
    const placedFirst = await mount();
    const element = document.createElement('svc-uploader') as SvcUploader;
    element.setAttribute('server-url', '/api/upload');
    const added: string[] = [];
    element.addEventListener('svc-file-add', (event) => added.push(event.detail.file.name));
    await element.addFiles([textFile('early.txt')]);

    const host = document.createElement('div');
    host.className = 'test-host';
    host.append(element);
    document.body.append(host);
    await element.updateComplete;

    expect(added).to.deep.equal(['early.txt']);
    expect(parts(element, 'file-name').map((node) => node.textContent!.trim())).to.deep.equal(['early.txt']);
    // `.file-list-section` is a flex column in the list's own sheet; without it the section is a block.
    expect(getComputedStyle(part(element, 'file-list-section')).display).to.equal('flex');

    await placedFirst.addFiles([textFile('later.txt')]);
    expect(parts(placedFirst, 'file-name').map((node) => node.textContent!.trim())).to.deep.equal(['later.txt']);
    expect(getComputedStyle(part(placedFirst, 'file-list-section')).display).to.equal('flex');
  });
});
