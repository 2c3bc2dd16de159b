/**
 * The OAuth popup. The handler's callback page posts `{type: 'svc:oauth-success', provider}` to its
 * opener; only that message, from the handler's origin and from the window this page opened, counts.
 */

export const OAUTH_SUCCESS_MESSAGE_TYPE = 'svc:oauth-success';

/** How long to wait between checks of whether the user closed the popup. */
const CLOSED_CHECK_MS = 400;
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
  popup?.focus();
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

export function isOAuthSuccessMessage(data: unknown, provider: string): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as { type?: unknown; provider?: unknown };
  return message.type === OAUTH_SUCCESS_MESSAGE_TYPE && message.provider === provider;
}

/**
 * Resolves once the popup reports success or closes. A window that closed without a message may
 * still have connected the drive (a provider page with a strict opener policy cuts the link to
 * its opener), so callers check with the server before asking the user to sign in again.
 */
export function waitForSignIn({ popup, origin, provider, signal }: SignInWait): Promise<SignInOutcome> {
  return new Promise((resolve) => {
    const finish = (outcome: SignInOutcome) => {
      window.removeEventListener('message', onMessage);
      clearInterval(closedCheck);
      signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== popup || !isOAuthSuccessMessage(event.data, provider)) return;
      finish('message');
    };
    const onAbort = () => finish('aborted');
    const closedCheck = setInterval(() => {
      if (popup.closed) finish('closed');
    }, CLOSED_CHECK_MS);
    window.addEventListener('message', onMessage);
    signal.addEventListener('abort', onAbort);
    if (signal.aborted) finish('aborted');
  });
}
