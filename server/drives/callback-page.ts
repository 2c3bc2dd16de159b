/**
 * The page the provider's redirect lands on: it tells the opener (the uploader) that the drive is
 * connected and closes itself. The uploader opens its popup without an opener and offers a
 * `MessagePort` instead (`{type: 'svc:oauth-hello'}`, posted to this origin): the page answers on
 * that port when the offer comes from an allowed origin. Opened without a popup, it follows a
 * validated `returnTo` or says the window can be closed. The message carries no token.
 */
import { getCallbackStrings } from './callback-strings.js';
import type { DriveProviderSlug } from './types.js';

const OAUTH_SUCCESS_MESSAGE_TYPE = 'svc:oauth-success';

export interface CallbackPageOptions {
  provider: DriveProviderSlug;
  displayName: string;
  targetOrigins: string[];
  returnTo: string | undefined;
  /** Allows the inline script under the page's `script-src 'nonce-...'` policy. */
  nonce: string;
  /** The request's `Accept-Language`: the page speaks the first of its languages it knows. */
  acceptLanguage?: string | null;
}

/** JSON that is safe inside a `<script>` element (no `</script>`, no HTML comment openers). */
function toScriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function renderCallbackPage(options: CallbackPageOptions): string {
  const data = toScriptJson({
    message: { type: OAUTH_SUCCESS_MESSAGE_TYPE, provider: options.provider },
    targets: options.targetOrigins,
    returnTo: options.returnTo ?? null,
  });
  const words = getCallbackStrings(options.acceptLanguage);
  const say = (text: string) => escapeHtml(text.replace('{name}', () => options.displayName));
  return `<!doctype html>
<html lang="${words.lang}" dir="${words.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${say(words.title)}</title>
</head>
<body>
<p id="status">${say(words.connected)}</p>
<script id="svc-oauth-data" type="application/json">${data}</script>
<script nonce="${escapeHtml(options.nonce)}">
(function () {
  var data = JSON.parse(document.getElementById('svc-oauth-data').textContent);
  if (window.opener && !window.opener.closed) {
    for (var i = 0; i < data.targets.length; i += 1) {
      try { window.opener.postMessage(data.message, data.targets[i]); } catch (error) { /* a malformed origin must not stop the others */ }
    }
    window.close();
  } else if (data.returnTo) {
    window.location.replace(data.returnTo);
  } else {
    window.addEventListener('message', function (event) {
      var offer = event.data;
      if (!offer || offer.type !== 'svc:oauth-hello' || !event.ports || !event.ports[0]) return;
      if (data.targets.indexOf('*') === -1 && data.targets.indexOf(event.origin) === -1) return;
      event.ports[0].postMessage(data.message);
      window.close();
    });
  }
})();
</script>
</body>
</html>
`;
}

/** Nothing but the page's own inline script may run or load. */
export function getCallbackPageSecurityPolicy(nonce: string): string {
  return `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
}
