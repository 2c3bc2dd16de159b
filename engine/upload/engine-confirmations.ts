/**
 * The engine's side of background confirmations (background-confirmation.ts): its headers,
 * credentials and retry settings, and its scope, so a record is only ever sent by an uploader of
 * the scope that saved it.
 */
import type { EngineState } from '../core/engine-state.js';
import { persistenceScope } from '../persistence/persistence-scope.js';
import { confirmInBackground, resumePendingConfirmations, type ConfirmationSender } from './background-confirmation.js';

function senderFor(state: EngineState): ConfirmationSender {
  const { options } = state;
  return {
    // Not bound to any file's signal: a confirmation outlives the run, a pause and a removal.
    requestContext: async () => ({
      ...(await state.requestContext(new AbortController().signal)),
      timeoutMs: options.requestTimeoutMs,
      retryMaxDelayMs: options.retryMaxDelayMs,
    }),
    retryBaseDelayMs: options.retryBaseDelayMs,
    retryMaxDelayMs: options.retryMaxDelayMs,
  };
}

function completeUrl(state: EngineState): string | undefined {
  const { target } = state.options;
  return target.kind === 'handler' ? `${target.url}/complete` : undefined;
}

/** Sends `token` to the handler's /complete in the background (kept until answered). */
export async function confirmStoredUpload(state: EngineState, token: string): Promise<void> {
  const url = completeUrl(state);
  if (url) confirmInBackground(url, token, await persistenceScope(state.options), senderFor(state));
}

/** Sends what an earlier page of this uploader's scope left unconfirmed. */
export async function resumeConfirmations(state: EngineState): Promise<void> {
  const url = completeUrl(state);
  if (url) resumePendingConfirmations(url, await persistenceScope(state.options), senderFor(state));
}
