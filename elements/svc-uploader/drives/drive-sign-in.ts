/**
 * The OAuth popup. It is opened without a link back to this page (`opener` cut while it is still
 * the blank start document), so neither the provider's pages nor anything they load can navigate
 * or script the uploader's page. This page holds the popup and, while waiting, offers it a
 * private channel: `{type: 'svc:oauth-hello', provider}` with a `MessagePort`, posted only to the
 * handler's origin. The handler's callback page answers `{type: 'svc:oauth-success', provider}` on
 * that port; nothing else (window messages from this page, other windows or other origins) counts.
 */

const OAUTH_SUCCESS_MESSAGE_TYPE = 'svc:oauth-success';
const OAUTH_HELLO_MESSAGE_TYPE = 'svc:oauth-hello';

/** How long to wait between checks of whether the user closed the popup (and channel offers). */
const CLOSED_CHECK_MS = 400;
/** Offered ports kept open for an answer; older ones were dropped on the way or went unanswered. */
const OPEN_PORTS = 3;
const POPUP_WIDTH = 520;
const POPUP_HEIGHT = 680;

/**
 * Opens the sign-in window. Call it synchronously inside the click handler: browsers allow a popup
 * only while the click's user activation lasts, so an `await` before it gets the window blocked.
 * Returns null when the browser blocked it anyway.
 */
export function openSignInPopup(url: string, provider: string): Window | null {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2));
  // Named per provider, so a second click reuses the window instead of stacking popups.
  const popup = window.open(url, `svc-drive-sign-in-${provider}`, `popup,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`);
  if (!popup) return null;
  // Still the blank start document, of this origin: the one moment the link back can be cut.
  // (`noopener` would cut it too, but then window.open returns no window to talk to or watch.)
  try {
    popup.opener = null;
  } catch {
    // A reused window already on another origin: it had no opener left to cut.
  }
  popup.focus();
  return popup;
}

/** `message`: the callback page reported success; `closed`: the window closed without it. */
export type SignInOutcome = 'message' | 'closed' | 'aborted';

export interface SignInWait {
  popup: Window;
  /** The handler's origin. */
  origin: string;
  /** The wire slug the message must name. */
  provider: string;
  signal: AbortSignal;
}

function isOAuthSuccessMessage(data: unknown, provider: string): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as { type?: unknown; provider?: unknown };
  return message.type === OAUTH_SUCCESS_MESSAGE_TYPE && message.provider === provider;
}

/**
 * Resolves once the popup reports success or closes. A window that closed without a message may
 * still have connected the drive (the user closed it on the last page), so callers check with the
 * server before asking the user to sign in again.
 *
 * The popup is offered a fresh port at every check: a port travels once, and a message to the
 * handler's origin is dropped while the popup shows the provider's pages.
 */
export function waitForSignIn({ popup, origin, provider, signal }: SignInWait): Promise<SignInOutcome> {
  return new Promise((resolve) => {
    const ports: MessagePort[] = [];
    const finish = (outcome: SignInOutcome) => {
      for (const port of ports) port.close();
      clearInterval(check);
      signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const offerChannel = () => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event: MessageEvent) => {
        if (isOAuthSuccessMessage(event.data, provider)) finish('message');
      };
      ports.push(channel.port1);
      if (ports.length > OPEN_PORTS) ports.shift()!.close();
      try {
        popup.postMessage({ type: OAUTH_HELLO_MESSAGE_TYPE, provider }, origin, [channel.port2]);
      } catch {
        // The popup is gone; the closed check ends the wait.
      }
    };
    const onAbort = () => finish('aborted');
    const check = setInterval(() => {
      if (popup.closed) return finish('closed');
      offerChannel();
    }, CLOSED_CHECK_MS);
    signal.addEventListener('abort', onAbort);
    if (signal.aborted) finish('aborted');
  });
}
