// Names in a drive listing come from whoever shared the files: the listing shows them without
// bidi controls, isolated, and shortened in the middle, as the file list does.
import { expect } from '@open-wc/testing';
import { render } from 'lit';
import { createTranslator } from '../../../elements/i18n/index.js';
import { DriveBrowserState } from '../../../elements/svc-uploader/drives/drive-browser-state.js';
import { renderDrivePanel, type DriveActions } from '../../../elements/svc-uploader/drives/drive-browser-view.js';

const noAction = () => undefined;
const actions: DriveActions = {
  signIn: noAction,
  cancelSignIn: noAction,
  signOut: noAction,
  openFolder: noAction,
  goTo: noAction,
  setSearchText: noAction,
  search: noAction,
  clearSearch: noAction,
  loadMore: noAction,
  retry: noAction,
  toggle: noAction,
  toggleAll: noAction,
  add: noAction,
};

describe('<svc-uploader> drive listing names', () => {
  it('shows spoofed and long names as written, with their real extension', async () => {
    const translator = createTranslator();
    // Outside the element, which fetches English with a panel: the translator loads it here.
    await translator.load();
    const state = new DriveBrowserState();
    state.screen = { kind: 'browse' };
    state.status = 'ready';
    state.location = { kind: 'folder', path: [{}, { id: 'shared', name: 'Shared\u202Etxt.exe' }] };
    state.entries = [
      { id: 'folder', name: 'Invoices\u2067fdp\u2069', isFolder: true },
      { id: 'spoofed', name: 'invoice\u202Efdp.exe', isFolder: false, size: 10 },
      { id: 'long', name: 'quarterly-financial-report-for-the-board-of-directors-final-version-approved.pdf', isFolder: false, size: 10 },
    ];
    const host = document.createElement('div');
    document.body.append(host);
    render(renderDrivePanel({ t: translator.t, provider: 'Box', formatBytes: String, state, actions, handlerOrigin: location.origin }), host);

    const names = [...host.querySelectorAll<HTMLElement>('[part~="drive-item-name"]')];
    expect(names.map((name) => name.textContent)).to.deep.equal([
      'Invoices\uFFFDfdp\uFFFD',
      'invoice\uFFFDfdp.exe',
      'quarterly-financial-report-for-the-boar…oved.pdf',
    ]);
    expect(names.every((name) => name.localName === 'bdi' && name.getAttribute('dir') === 'auto')).to.equal(true);
    expect(names[2]!.title).to.equal('quarterly-financial-report-for-the-board-of-directors-final-version-approved.pdf');
    expect(host.querySelector('[part~="drive-folder"]')!.getAttribute('aria-label')).to.equal('Open folder Invoices\uFFFDfdp\uFFFD');
    expect(host.querySelector('[part~="drive-crumb-current"]')!.textContent).to.equal('Shared\uFFFDtxt.exe');
    host.remove();
  });
});
