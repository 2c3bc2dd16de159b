/** base64url of UTF-8 text: how the handler encodes cursors and token payloads. */
export function toBase64UrlText(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}
