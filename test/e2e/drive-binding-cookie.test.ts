/**
 * What Chromium does with the OAuth binding cookie of the real handler on an https origin, and
 * with the cookies a sibling host plants for it. The browser believes it talks to
 * https://app.example.test and https://evil.example.test: Playwright answers those requests, the
 * app's by relaying them to the handler on a loopback HTTP server (whose `publicUrl` is the https
 * origin), the sibling's with the Set-Cookie lines an attacker would send. So the browser applies
 * its own cookie rules (`__Host-`, Domain, Secure) to the handler's real answers, without TLS here.
 * Playwright does not intercept a redirect hop in this Chromium, so when the browser's own hop
 * to the callback fails, the test opens the very URL the provider sent it to in another tab of the
 * same browser (a top-level navigation too, carrying the same cookies). The handler's answers are
 * read as the relay passes them on: a body read later through Playwright's response object depends
 * on Chromium still holding it, which a navigation or a busy machine can end ("No data found for
 * resource").
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Cookie, Page, Route } from 'playwright';
import { createMemoryTokenStore, createUploadHandler } from '../../server/index.js';
import { toDriveTokensKey } from '../../server/drives/drive-tokens.js';
import type { DriveTokenStore } from '../../server/drives/types.js';
import { launchBrowser } from '../support/browser.js';
import { startFakeDrives, type FakeDrives } from '../support/fake-drives/index.js';
import { getTestStorage } from '../support/storage.js';
import { overHttp, type Transport } from '../server/support/upload-harness.js';

const APP_ORIGIN = 'https://app.example.test';
const SIBLING_ORIGIN = 'https://evil.example.test';
const MOUNT = '/api/upload';
const BINDING_COOKIE = '__Host-svc_oauth_box';
const CALLBACK_PATH = `${MOUNT}/auth/box/cb`;

function readSessionUser(req: Request): string | null {
  const match = /(?:^|;\s*)session=([^;]+)/.exec(req.headers.get('cookie') ?? '');
  return match ? decodeURIComponent(match[1]!) : null;
}

/** An answer of the handler as the relay passed it on to the browser. */
interface RelayedAnswer {
  status: number;
  body: string;
}

/**
 * Opens `url` (the flow start or the consent link) and follows the provider back to the callback,
 * whether the browser's own redirect reached it or had to be reopened; resolves once the browser
 * has the callback's answer.
 */
async function openUntilCallback(page: Page, url: string): Promise<void> {
  const isCallback = (address: string) => new URL(address).pathname === CALLBACK_PATH;
  const answered = page.waitForResponse((response) => isCallback(response.url()));
  const failed = page.waitForEvent('requestfailed', (request) => isCallback(request.url()));
  answered.catch(() => undefined);
  failed.catch(() => undefined);
  await page.goto(url).catch(() => undefined);
  const outcome = await Promise.race([answered, failed]);
  if ('status' in outcome) return;
  // A fresh tab of the same browser: the failed tab is still busy showing its error page.
  const reopened = await (await page.context().newPage()).goto(outcome.url());
  assert.ok(reopened, 'the callback answered');
}

describe('OAuth binding cookie in Chromium over https (real handler, fake Box)', () => {
  let fakes: FakeDrives;
  let tokenStore: DriveTokenStore;
  let app: Transport;
  let browser: Browser;
  /** Called with the Cookie header of each callback request before it is relayed. */
  let seeCallback: (cookieHeader: string) => Promise<void> = async () => undefined;
  /** The handler's last answer at the callback, as relayed to the browser. */
  let callbackAnswer: RelayedAnswer | undefined;
  function relayedCallbackAnswer(): RelayedAnswer {
    assert.ok(callbackAnswer, 'the handler answered at the callback');
    return callbackAnswer;
  }

  before(async () => {
    fakes = await startFakeDrives();
    const storage = await getTestStorage();
    tokenStore = createMemoryTokenStore();
    // getUserId reads a `session` cookie. The victim below has none for this app, so at its
    // callback the binding cookie alone decides whose drive is connected.
    const handler = createUploadHandler({
      storage: storage.storageConfig(),
      getUserId: readSessionUser,
      providers: fakes.providersConfig(),
      tokenStore,
      publicUrl: APP_ORIGIN,
    });
    app = await overHttp(handler);
    // The made-up hosts never reach DNS: a hop Playwright does not intercept fails at once.
    browser = await launchBrowser(['--host-resolver-rules=MAP *.example.test ~NOTFOUND']);
  });
  after(async () => {
    await browser?.close();
    await app?.close();
    await fakes?.close();
  });

  /** Relays the browser's requests for the app origin to the handler, Cookie header included. */
  async function relayToHandler(route: Route): Promise<void> {
    const request = route.request();
    const url = new URL(request.url());
    const headers = await request.allHeaders();
    const cookie = headers.cookie;
    if (url.pathname === CALLBACK_PATH) await seeCallback(cookie ?? '');
    const answer = await app.send(url.pathname + url.search, { method: request.method(), headers: cookie ? { cookie } : {}, redirect: 'manual' });
    if (url.pathname === CALLBACK_PATH) callbackAnswer = { status: answer.status, body: answer.text };
    const responseHeaders: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (name !== 'set-cookie') responseHeaders[name] = value;
    });
    const setCookies = answer.headers.getSetCookie();
    if (setCookies.length > 0) responseHeaders['set-cookie'] = setCookies.join('\n');
    await route.fulfill({ status: answer.status, headers: responseHeaders, body: answer.text });
  }

  async function newBrowserContext(plantedByTheSibling: string[] = []): Promise<BrowserContext> {
    const context = await browser.newContext();
    await context.route(`${APP_ORIGIN}/**`, relayToHandler);
    await context.route(`${SIBLING_ORIGIN}/**`, (route) =>
      route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/html', 'set-cookie': plantedByTheSibling.join('\n') },
        body: '<!doctype html><title>sibling</title>',
      }),
    );
    return context;
  }

  async function hasStoredTokens(user: string): Promise<boolean> {
    return typeof (await tokenStore.get(toDriveTokensKey('box', user))) === 'string';
  }

  it("stores the handler's __Host- cookie host-only, Secure, on /, sends it back at the callback and drops it after", async () => {
    const user = `chromium-${Date.now()}`;
    const context = await newBrowserContext();
    await context.addCookies([{ name: 'session', value: user, url: APP_ORIGIN }]);
    // What the browser holds and sends when it arrives at the callback, before the handler answers.
    const atCallback = new Promise<{ jar: Cookie[]; sent: string }>((resolve) => {
      seeCallback = async (cookieHeader) => resolve({ jar: await context.cookies(), sent: cookieHeader });
    });
    const page = await context.newPage();
    callbackAnswer = undefined;
    await openUntilCallback(page, `${APP_ORIGIN}${MOUNT}/auth/box`);
    const answer = relayedCallbackAnswer();
    assert.equal(answer.status, 200, answer.body);
    const { jar, sent } = await atCallback;
    const binding = jar.find((cookie) => cookie.name.includes('svc_oauth'));
    assert.ok(binding, `the browser stored the binding cookie: ${JSON.stringify(jar)}`);
    assert.deepEqual(
      { name: binding.name, domain: binding.domain, path: binding.path, secure: binding.secure, httpOnly: binding.httpOnly, sameSite: binding.sameSite },
      { name: BINDING_COOKIE, domain: 'app.example.test', path: '/', secure: true, httpOnly: true, sameSite: 'Lax' },
      'host-only (no leading dot), Secure, on /',
    );
    assert.ok(sent.split('; ').includes(`${BINDING_COOKIE}=${binding.value}`), `the callback carried it: ${sent}`);
    assert.equal(await hasStoredTokens(user), true, 'the drive is connected for the user');
    assert.deepEqual(
      (await context.cookies()).filter((cookie) => cookie.name.includes('svc_oauth')),
      [],
      'the callback cleared it',
    );
    await context.close();
  });

  it('keeps a sibling host from planting a known binding value: the forwarded consent link fails and stores nothing', async () => {
    // The attacker starts a flow in their own browser and learns their binding value...
    const attacker = `attacker-${Date.now()}`;
    const attackerContext = await newBrowserContext();
    await attackerContext.addCookies([{ name: 'session', value: attacker, url: APP_ORIGIN }]);
    const attackerPage = await attackerContext.newPage();
    // The attacker keeps the consent link and never finishes the flow (its state stays live).
    await attackerContext.route(`${APP_ORIGIN}${CALLBACK_PATH}?*`, (route) => route.abort());
    const consentLink = attackerPage.waitForResponse((response) => new URL(response.url()).pathname === `${MOUNT}/auth/box`);
    await attackerPage.goto(`${APP_ORIGIN}${MOUNT}/auth/box`).catch(() => undefined);
    const consentUrl = (await consentLink).headers().location;
    const [known] = (await attackerContext.cookies()).filter((cookie) => cookie.name.endsWith('svc_oauth_box'));
    assert.ok(known && consentUrl, 'the attacker holds a binding value and the consent link');
    await attackerContext.close();

    // ...plants it from the sibling host in every way a browser might pass on to app.example.test...
    const victimContext = await newBrowserContext([
      `svc_oauth_box=${known.value}; Domain=example.test; Path=/; Secure`,
      `${BINDING_COOKIE}=${known.value}; Domain=example.test; Path=/; Secure`,
      `=${BINDING_COOKIE}=${known.value}; Domain=example.test; Path=/; Secure`,
    ]);
    const victimPage = await victimContext.newPage();
    await victimPage.goto(`${SIBLING_ORIGIN}/`);
    const reachingTheApp = (await victimContext.cookies(APP_ORIGIN)).map((cookie) => `${cookie.name}=${cookie.domain}`);
    assert.deepEqual(reachingTheApp, ['svc_oauth_box=.example.test'], 'Chromium refuses a __Host- cookie with Domain and a nameless one posing as it');

    // ...and sends the victim the consent link; the victim consents and lands on the callback.
    let sent = '';
    seeCallback = async (cookieHeader) => {
      sent = cookieHeader;
    };
    callbackAnswer = undefined;
    await openUntilCallback(victimPage, consentUrl);
    assert.match(sent, new RegExp(`(^|; )svc_oauth_box=${known.value}($|;)`), 'the planted cookie rides the callback');
    const answer = relayedCallbackAnswer();
    assert.equal(answer.status, 400);
    assert.deepEqual(JSON.parse(answer.body), { error: 'Sign-in was started in another browser' });
    assert.equal(await hasStoredTokens(attacker), false, "the victim's drive is not connected to the attacker's account");
    await victimContext.close();
  });
});
