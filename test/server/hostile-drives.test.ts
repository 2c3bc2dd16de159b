/**
 * Hostile input on the drive routes, against local fakes of the four providers: search text that
 * tries to break out of the provider's query language, hostile folder and file ids, forged
 * listing cursors, hostile OAuth state, code, error and returnTo values, and a mount prefix that
 * tries to add attributes to the OAuth binding cookie. Each answer is the contract's, no provider
 * text reaches the client, and refused transfers leave nothing in the bucket.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startFakeDrives, type FakeDrive, type FakeDrives } from '../support/fake-drives/index.js';
import { assertNothingLeft, assertRefusal } from './support/hostile-harness.js';
import { toBase64UrlText } from './support/hostile-text.js';
import {
  APP_ORIGIN,
  connectDrive,
  createDriveHandler,
  MOUNT,
  openCallback,
  readCallbackData,
  sessionHeaders,
  startConsent,
  uniqueUser,
  type DriveHandler,
} from './drives/support/drive-harness.js';

const DRIVE_FAILED = { error: 'Drive request failed', code: 'STORAGE_ERROR' };
const INVALID_CURSOR = { error: 'Invalid cursor', code: 'BAD_REQUEST' };
const SLUGS = ['google-drive', 'one-drive', 'dropbox', 'box'] as const;

describe('hostile input on the drive routes', () => {
  let fakes: FakeDrives;
  let drive: DriveHandler;
  const user = uniqueUser('hostile');
  const fake = (slug: (typeof SLUGS)[number]): FakeDrive => fakes.all.find((candidate) => candidate.slug === slug)!;

  before(async () => {
    fakes = await startFakeDrives();
    drive = await createDriveHandler(fakes, { allowAnonymousUploads: false, cors: { allowedOrigins: ['https://app.example'] } });
    for (const slug of SLUGS) await connectDrive(drive, fake(slug), user);
  });
  after(() => fakes.close());

  it('searches for the literal text, whatever quotes, escapes or operators it holds', async () => {
    const name = `it's "q" \\ (x) ) or name contains 'a ${Date.now()}.txt`;
    const hostileSearches = [
      "' or trashed = true or name contains '",
      "\\' or 1=1 or name contains \\'",
      "') or startswith(name,'",
      '" OR "" = "',
      '*',
      '%',
      '\u0000\r\n',
      '\u202e',
      'x'.repeat(1000),
    ];
    for (const slug of SLUGS) {
      fake(slug).tree.addFile(name, { bytes: new Uint8Array(3) }, { mimeType: 'text/plain' });
      const found = await drive.get(`/files/${slug}?search=${encodeURIComponent(name)}`, user);
      assert.equal(found.status, 200, `${slug}: ${found.text}`);
      assert.deepEqual(
        found.body.files.map((entry: { name: string }) => entry.name),
        [name],
        `${slug} finds the file by its literal name`,
      );
      for (const search of hostileSearches) {
        const response = await drive.get(`/files/${slug}?search=${encodeURIComponent(search)}`, user);
        assert.ok(response.status === 200 || response.status === 500, `${slug} ${JSON.stringify(search.slice(0, 20))}: ${response.status}`);
        if (response.status === 500) assertRefusal(response, 500, DRIVE_FAILED, `${slug} search`, null);
        else assert.deepEqual(response.body.files, [], `${slug} ${JSON.stringify(search.slice(0, 20))} matches no file`);
      }
    }
    const googleQueries = fake('google-drive')
      .requests.map((request) => new URLSearchParams(request.search).get('q'))
      .filter((q) => q?.startsWith('name contains'));
    assert.ok(
      googleQueries.includes("name contains '\\' or trashed = true or name contains \\'' and trashed = false"),
      'quotes are escaped inside one literal',
    );
  });

  it('refuses dot-segment and overlong ids, and keeps encoded ids inside the provider path', async () => {
    for (const slug of SLUGS) {
      for (const id of ['..', '.', 'x'.repeat(1025)]) {
        assertRefusal(
          await drive.get(`/files/${slug}?folderId=${encodeURIComponent(id)}`, user),
          400,
          { error: 'Invalid folderId', code: 'BAD_REQUEST' },
          `${slug} folderId ${id.slice(0, 5)}`,
          null,
        );
        assertRefusal(
          await drive.post(`/files/${slug}/transfer`, { fileId: id }, user),
          400,
          { error: 'Invalid fileId', code: 'BAD_REQUEST' },
          `${slug} fileId ${id.slice(0, 5)}`,
          null,
        );
      }
      const before = fake(slug).requests.length;
      const traversal = await drive.get(`/files/${slug}?folderId=${encodeURIComponent('../../../about?x=/')}`, user);
      assert.ok([200, 500].includes(traversal.status), `${slug}: ${traversal.status}`);
      if (traversal.status === 500) assertRefusal(traversal, 500, DRIVE_FAILED, `${slug} traversal id`, null);
      for (const request of fake(slug).requests.slice(before))
        assert.doesNotMatch(request.path, /\/about\b/, `${slug} stayed in the listing path: ${request.path}`);
    }
  });

  it('refuses transfer bodies of the wrong shape, with nothing stored', async () => {
    for (const slug of SLUGS) {
      assertRefusal(
        await drive.post(`/files/${slug}/transfer`, 'not json', user),
        400,
        { error: 'Invalid JSON body', code: 'BAD_REQUEST' },
        `${slug} not JSON`,
        null,
      );
      for (const body of [{}, { fileId: 5 }, { fileId: '' }, { fileId: ['a'] }, { fileId: null }, JSON.parse('{"__proto__": {"fileId": "x"}}')]) {
        assertRefusal(await drive.post(`/files/${slug}/transfer`, body, user), 400, { error: 'Missing fileId' }, `${slug} ${JSON.stringify(body)}`, null);
      }
    }
    for (const slug of SLUGS) {
      assertRefusal(
        await drive.post(`/files/${slug}/transfer`, { fileId: 'any', fileName: 'x'.repeat(1025) }, user),
        400,
        { error: 'Invalid fileName', code: 'BAD_REQUEST' },
        `${slug} long fileName`,
        null,
      );
    }
    await assertNothingLeft(user);
  });

  it('stores a transfer under a hostile fileName as one sanitised segment under the caller', async () => {
    const transferUser = uniqueUser('hostile');
    await connectDrive(drive, fake('google-drive'), transferUser);
    const item = fake('google-drive').tree.addFile('plain.txt', { bytes: new Uint8Array([1, 2, 3]) }, { mimeType: 'text/plain' });
    for (const fileName of ['../../etc/passwd', 'evil\u202Etxt.exe', 'a\u0000b\r\n.txt', '..', `${'n'.repeat(1020)}.txt`]) {
      const response = await drive.post('/files/google-drive/transfer', { fileId: item.id, fileName }, transferUser);
      assert.equal(response.status, 200, response.text);
      const segments = (response.body.key as string).split('/');
      assert.equal(segments.length, 3, response.body.key);
      assert.equal(segments[0], transferUser);
      assert.doesNotMatch(segments[2]!, /^\.|[\u0000-\u001f\u202e\\]/, segments[2]);
      assert.ok(Buffer.byteLength(segments[2]!) <= 200);
    }
  });

  it('refuses forged listing cursors before any provider call', async () => {
    const cursors = [
      '!!!',
      toBase64UrlText('not json'),
      toBase64UrlText('[]'),
      toBase64UrlText('{"query": null, "continuation": "x"}'),
      toBase64UrlText('{"query": {"folderId": 5}, "continuation": "x"}'),
      toBase64UrlText('{"query": {"folderId": ".."}, "continuation": "x"}'),
      toBase64UrlText(`{"query": {"folderId": "${'x'.repeat(1025)}"}, "continuation": "x"}`),
    ];
    for (const slug of SLUGS) {
      for (const cursor of cursors) {
        const before = fake(slug).requests.length;
        assertRefusal(
          await drive.get(`/files/${slug}?cursor=${encodeURIComponent(cursor)}`, user),
          400,
          INVALID_CURSOR,
          `${slug} cursor ${cursor.slice(0, 12)}`,
          null,
        );
        assert.equal(fake(slug).requests.length, before, `${slug}: no provider call for a refused cursor`);
      }
    }
    const injected = "x&q=name contains 'secret'&pageSize=1";
    for (const slug of ['google-drive', 'box'] as const) {
      const before = fake(slug).requests.length;
      const response = await drive.get(`/files/${slug}?cursor=${toBase64UrlText(JSON.stringify({ query: {}, continuation: injected }))}`, user);
      if (response.status !== 200) assertRefusal(response, 500, DRIVE_FAILED, `${slug} injected continuation`, null);
      const sent = fake(slug)
        .requests.slice(before)
        .map((request) => new URLSearchParams(request.search));
      assert.ok(
        sent.length > 0 && sent.every((params) => params.get('q') !== "name contains 'secret'" && params.get('pageSize') !== '1'),
        `${slug}: the continuation stays one parameter value`,
      );
      assert.ok(
        sent.some((params) => params.get('pageToken') === injected || params.get('marker') === injected),
        `${slug}: sent verbatim as its own value`,
      );
    }
    const stealing = toBase64UrlText(JSON.stringify({ query: {}, continuation: 'http://127.0.0.1:9/steal?token=' }));
    const before = fake('one-drive').requests.length;
    assertRefusal(await drive.get(`/files/one-drive?cursor=${stealing}`, user), 500, DRIVE_FAILED, 'a OneDrive next link off Graph', null);
    assert.equal(fake('one-drive').requests.length, before, 'the access token went nowhere');
  });

  it('answers hostile callback parameters with the contract 400s, echoing only a bounded provider error', async () => {
    for (const slug of SLUGS) {
      const callback = (query: string) => drive.transport.send(`${MOUNT}/auth/${slug}/cb?${query}`, { headers: sessionHeaders(user, drive.browserCookies) });
      const invalidState = { error: 'Invalid or expired state' };
      assertRefusal(await callback(`code=c&state=${'x'.repeat(10_000)}`), 400, invalidState, `${slug} long state`, null);
      assertRefusal(await callback(`code=c&state=${encodeURIComponent("' OR 1=1 --")}`), 400, invalidState, `${slug} quoted state`, null);
      assertRefusal(await callback(`code=c&state=${'A'.repeat(43)}`), 400, invalidState, `${slug} well-formed unknown state`, null);
      assertRefusal(await callback('code=c&state=__proto__'), 400, invalidState, `${slug} __proto__ state`, null);
      assertRefusal(await callback('state=s'), 400, { error: 'Missing code or state' }, `${slug} no code`, null);
      assertRefusal(await callback('code=&state='), 400, { error: 'Missing code or state' }, `${slug} empty`, null);
      const markup = '<script>alert(1)</script>';
      assertRefusal(await callback(`error=${encodeURIComponent(markup)}`), 400, { error: 'OAuth error: unknown_error' }, `${slug} markup error`, null);
      assertRefusal(await callback(`error=${'e'.repeat(5000)}`), 400, { error: 'OAuth error: unknown_error' }, `${slug} long error`, null);
    }
  });

  it('follows no returnTo off the allowed origins, however it is spelled', async () => {
    const cases: Array<[string, string | null]> = [
      ['%2F%2Fevil.test', 'http://app.test/%2F%2Fevil.test'],
      ['\t//evil.test/', null],
      ['/\t/evil.test/', null],
      ['https://app.example:443.evil.test/', null],
      ['http://app.test\\@evil.test/', 'http://app.test/@evil.test/'],
      ['http://app.test%2F@evil.test/', null],
      ['HTTPS://APP.EXAMPLE/ok', 'https://app.example/ok'],
      [`/${'a'.repeat(3000)}`, null],
      ['http://[::1]/', null],
      ['http://127.0.0.1/', null],
    ];
    const followed: Array<[string, string | null]> = [];
    for (const [returnTo] of cases) {
      const { callbackUrl } = await startConsent(drive, fake('dropbox'), user, `?returnTo=${encodeURIComponent(returnTo)}`);
      const page = await openCallback(drive, callbackUrl, user);
      assert.equal(page.status, 200, page.text);
      followed.push([returnTo, readCallbackData(page.text).returnTo]);
    }
    assert.deepEqual(followed, cases);
  });

  it('keeps the binding cookie to its own attributes whatever the mount prefix holds', async () => {
    for (const prefix of ['/x;Domain=evil.example;SameSite=None;Secure', '/a;Path=/', '/%3Bdomain=evil.example']) {
      const response = await drive.transport.send(`${prefix}/auth/google-drive`, { headers: sessionHeaders(user) });
      assert.equal(response.status, 302, `${prefix}: ${response.text}`);
      for (const cookie of response.headers.getSetCookie()) {
        const attributes = cookie
          .split(';')
          .slice(1)
          .map((attribute) => attribute.trim().split('=')[0]!.toLowerCase());
        assert.deepEqual(attributes, ['path', 'max-age', 'httponly', 'samesite'], `${prefix}: ${cookie}`);
      }
    }
    assert.equal(APP_ORIGIN, 'http://app.test');
  });
});
