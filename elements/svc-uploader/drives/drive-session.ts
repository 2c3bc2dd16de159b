/**
 * What this page remembers about each drive connection, per handler and provider. The server holds
 * the tokens; the page only remembers that a sign-out here could not reach the handler (so the
 * page forgets the connection by itself) or that the server asked for a new sign-in during a
 * transfer, so the next visit to the panel starts at the sign-in step.
 */
import type { DriveApi } from './drive-api.js';

export type DriveSessionNote = 'signed-out' | 'reauth';

const notes = new Map<string, DriveSessionNote>();

const keyOf = (api: DriveApi) => `${api.baseUrl} ${api.provider}`;

export function readSessionNote(api: DriveApi): DriveSessionNote | undefined {
  return notes.get(keyOf(api));
}

export function writeSessionNote(api: DriveApi, note: DriveSessionNote | undefined): void {
  if (note) notes.set(keyOf(api), note);
  else notes.delete(keyOf(api));
}
