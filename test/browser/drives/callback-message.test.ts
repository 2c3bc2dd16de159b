import { expect } from '@open-wc/testing';
import { driveFixtureInfo, signInAsNewUser, type DriveFixtureInfo } from './fixtures.js';

interface Received {
  origin: string;
  data: unknown;
  fromPopup: boolean;
}

/** Every message this page receives, with whether it came from `popup`. */
function listen(popupOf: () => Window | null): { received: Received[]; stop(): void } {
  const received: Received[] = [];
  const onMessage = (event: MessageEvent) => received.push({ origin: event.origin, data: event.data, fromPopup: event.source === popupOf() });
  window.addEventListener('message', onMessage);
  return { received, stop: () => window.removeEventListener('message', onMessage) };
}

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** `cors.allowedOrigins` of a handler on the cross-origin fixture server, as its path segment. */
function corsPath(info: DriveFixtureInfo, allowedOrigins: string[]): string {
  const variant = btoa(JSON.stringify(allowedOrigins)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${info.crossOrigin}/cors/${variant}`;
}

/** Opens the handler's sign-in route in a popup; the fake provider approves at once. */
function openSignIn(mount: string, slug: string): Window {
  const popup = window.open(`${mount}/auth/${slug}`, `callback-test-${crypto.randomUUID()}`, 'popup,width=480,height=600');
  if (!popup) throw new Error('the popup was blocked');
  return popup;
}

describe('OAuth callback page in a real browser', () => {
  let info: DriveFixtureInfo;
  before(async () => {
    info = await driveFixtureInfo();
  });

  it('posts {type, provider} and nothing else to its opener on the same origin, then closes itself', async () => {
    signInAsNewUser();
    let popup: Window | null = null;
    const messages = listen(() => popup);
    try {
      popup = openSignIn('/api/drive-upload', 'google-drive');
      await waitFor(() => messages.received.length > 0, 'the callback message');
      expect(messages.received).to.deep.equal([{ origin: location.origin, data: { type: 'svc:oauth-success', provider: 'google-drive' }, fromPopup: true }]);
      await waitFor(() => popup!.closed, 'the popup to close itself');
    } finally {
      messages.stop();
      popup?.close();
    }
  });

  it('reaches an opener on another origin when that origin is a concrete entry of cors.allowedOrigins', async () => {
    const mount = corsPath(info, [location.origin]);
    let popup: Window | null = null;
    const messages = listen(() => popup);
    try {
      popup = openSignIn(mount, 'dropbox');
      await waitFor(() => messages.received.length > 0, 'the callback message');
      expect(messages.received).to.deep.equal([{ origin: info.crossOrigin, data: { type: 'svc:oauth-success', provider: 'dropbox' }, fromPopup: true }]);
    } finally {
      messages.stop();
      popup?.close();
    }
  });

  it('targets * when no concrete origin is configured, so any opener hears it', async () => {
    for (const allowedOrigins of [[], ['*']]) {
      let popup: Window | null = null;
      const messages = listen(() => popup);
      try {
        popup = openSignIn(corsPath(info, allowedOrigins), 'box');
        await waitFor(() => messages.received.length > 0, `the callback message with allowedOrigins ${JSON.stringify(allowedOrigins)}`);
        expect(messages.received).to.deep.equal([{ origin: info.crossOrigin, data: { type: 'svc:oauth-success', provider: 'box' }, fromPopup: true }]);
      } finally {
        messages.stop();
        popup?.close();
      }
    }
  });

  it('does not reach an opener whose origin is not among concrete allowed origins', async () => {
    const refused = corsPath(info, ['http://elsewhere.test']);
    const allowed = corsPath(info, [location.origin]);
    let popup: Window | null = null;
    const messages = listen(() => popup);
    try {
      popup = openSignIn(refused, 'one-drive');
      // The page still closes itself after posting (to elsewhere.test only).
      await waitFor(() => popup!.closed, "the refused flow's popup to close");
      // A later flow that may reach this page: its message arrives, the refused one never did.
      popup = openSignIn(allowed, 'box');
      await waitFor(() => messages.received.length > 0, "the allowed flow's message");
      expect(messages.received.map((message) => message.data)).to.deep.equal([{ type: 'svc:oauth-success', provider: 'box' }]);
    } finally {
      messages.stop();
      popup?.close();
    }
  });
});
