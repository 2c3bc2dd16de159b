/**
 * A handler wired to the fake drives and the test bucket, and the browser's part of the OAuth
 * dance: open /auth/:provider, let the fake consent page redirect, land on the callback.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createMemoryTokenStore, createUploadHandler, type UploadErrorRecord, type UploadHandler, type UploadHandlerConfig } from '../../../../server/index.js';
import type { DriveTokenStore } from '../../../../server/drives/types.js';
import type { FakeDrive, FakeDrives } from '../../../support/fake-drives/index.js';
import { getTestStorage } from '../../../support/storage.js';
import { inProcess, MOUNT, type Transport, type WireResponse } from '../../support/upload-harness.js';

export const APP_ORIGIN = 'http://app.test';
export { MOUNT };

/** Users sign in with a `session` cookie, which also rides along on the top-level OAuth callback. */
export function readSessionUser(req: Request): string | null {
  const match = /(?:^|;\s*)session=([^;]+)/.exec(req.headers.get('cookie') ?? '');
  return match ? decodeURIComponent(match[1]!) : null;
}

export function sessionHeaders(user: string | undefined, browserCookies?: Map<string, string>): Record<string, string> {
  const cookies = user ? [`session=${encodeURIComponent(user)}`] : [];
  for (const [name, value] of browserCookies ?? []) cookies.push(`${name}=${value}`);
  return cookies.length > 0 ? { cookie: cookies.join('; ') } : {};
}

/** Keeps what `Set-Cookie` answers set, as a browser would (paths aside: every route here is under /auth). */
export function rememberCookies(jar: Map<string, string>, headers: Headers): void {
  for (const line of headers.getSetCookie()) {
    const [pair = '', ...attributes] = line.split(';');
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator).trim();
    const expired = attributes.some((attribute) => attribute.trim().toLowerCase() === 'max-age=0');
    if (expired) jar.delete(name);
    else jar.set(name, pair.slice(separator + 1).trim());
  }
}

/** A user name no other test uses, so bucket listings by key prefix see only this test's objects. */
export function uniqueUser(label = 'user'): string {
  return `${label}-${randomBytes(4).toString('hex')}`;
}

export interface DriveHandler {
  handler: UploadHandler;
  tokenStore: DriveTokenStore;
  transport: Transport;
  /** What `hooks.onError` received (unless the test passed its own hooks). */
  errors: UploadErrorRecord[];
  /** The test browser's cookies (the OAuth binding cookies), sent with every request. */
  browserCookies: Map<string, string>;
  get(path: string, user?: string): Promise<WireResponse>;
  post(path: string, body: unknown, user?: string): Promise<WireResponse>;
}

export async function createDriveHandler(fakes: FakeDrives, overrides: Partial<UploadHandlerConfig> = {}): Promise<DriveHandler> {
  const storage = await getTestStorage();
  const tokenStore = overrides.tokenStore ?? createMemoryTokenStore();
  const errors: UploadErrorRecord[] = [];
  const handler = createUploadHandler({
    storage: storage.storageConfig(),
    getUserId: readSessionUser,
    providers: fakes.providersConfig(),
    tokenStore,
    hooks: {
      onError: (record) => {
        errors.push(record);
      },
    },
    ...overrides,
  });
  const transport = inProcess(handler, APP_ORIGIN);
  const browserCookies = new Map<string, string>();
  return {
    handler,
    tokenStore,
    transport,
    errors,
    browserCookies,
    async get(path, user) {
      const response = await transport.send(MOUNT + path, { headers: sessionHeaders(user, browserCookies) });
      rememberCookies(browserCookies, response.headers);
      return response;
    },
    post: (path, body, user) => transport.post(MOUNT + path, body, sessionHeaders(user)),
  };
}

export interface ConsentResult {
  /** The provider authorization URL the handler redirected to. */
  authorizeUrl: URL;
  /** Where the provider sent the browser back (the handler's callback, with code and state). */
  callbackUrl: URL;
}

/** GET /auth/:provider, then the fake consent page; stops before the callback. */
export async function startConsent(drive: DriveHandler, fake: FakeDrive, user: string | undefined, query = ''): Promise<ConsentResult> {
  const start = await drive.get(`/auth/${fake.slug}${query}`, user);
  assert.equal(start.status, 302, `GET /auth/${fake.slug}: ${start.text}`);
  const authorizeUrl = new URL(start.headers.get('location')!);
  const consent = await fetch(authorizeUrl, { redirect: 'manual' });
  assert.equal(consent.status, 302, `consent page of ${fake.slug}`);
  return { authorizeUrl, callbackUrl: new URL(consent.headers.get('location')!) };
}

/**
 * A browser arriving at the callback URL (a top-level navigation: cookies, no Authorization): the
 * test browser that started the flow, or with `otherBrowser` one that never saw it.
 */
export async function openCallback(
  drive: DriveHandler,
  callbackUrl: URL,
  user: string | undefined,
  options: { otherBrowser?: boolean; headers?: Record<string, string> } = {},
): Promise<WireResponse> {
  assert.equal(callbackUrl.origin, APP_ORIGIN, 'the provider redirects back to the handler origin');
  const jar = options.otherBrowser ? new Map<string, string>() : drive.browserCookies;
  const response = await drive.transport.send(callbackUrl.pathname + callbackUrl.search, { headers: { ...sessionHeaders(user, jar), ...options.headers } });
  rememberCookies(jar, response.headers);
  return response;
}

/** Connects `user`'s drive at `fake` through the whole flow and returns the callback page. */
export async function connectDrive(drive: DriveHandler, fake: FakeDrive, user: string): Promise<WireResponse> {
  const { callbackUrl } = await startConsent(drive, fake, user);
  const page = await openCallback(drive, callbackUrl, user);
  assert.equal(page.status, 200, `callback of ${fake.slug}: ${page.text}`);
  return page;
}

/** The data the callback page's script acts on. */
export function readCallbackData(html: string): { message: { type: string; provider: string }; targets: string[]; returnTo: string | null } {
  const match = /<script id="svc-oauth-data" type="application\/json">([^<]*)<\/script>/.exec(html);
  assert.ok(match, 'the callback page embeds its data');
  return JSON.parse(match[1]!);
}
