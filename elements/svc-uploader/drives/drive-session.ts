/**
 * What this page remembers about each drive connection, per handler and provider. The server holds
 * the tokens (a sign-out counts only once the handler confirms it); the page only remembers that
 * the server asked for a new sign-in during a transfer, so the next visit to the panel starts at
 * the sign-in step.
 */
import type { DriveApi } from './drive-api.js';

export type DriveSessionNote = 'reauth';

const notes = new Map<string, DriveSessionNote>();

const keyOf = (api: DriveApi) => `${api.baseUrl} ${api.provider}`;

export function readSessionNote(api: DriveApi): DriveSessionNote | undefined {
  return notes.get(keyOf(api));
}

export function writeSessionNote(api: DriveApi, note: DriveSessionNote | undefined): void {
  if (note) notes.set(keyOf(api), note);
  else notes.delete(keyOf(api));
}
