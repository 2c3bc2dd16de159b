import { unsafeCSS, type CSSResult } from 'lit';
import { hostTokensCss, publicTokensCss } from './token-css.js';

/**
 * Include first in the element's `static styles`: it declares every private `--_x` the component
 * CSS reads, with light, dark and forced-colors values. Built from constant data, never user input.
 */
export const tokenDefaultStyles: CSSResult = unsafeCSS(hostTokensCss());

/** `publicTokensCss` as a sheet, for the containers that hold markup styled with public names. */
export function publicTokenStyles(selector: string): CSSResult {
  return unsafeCSS(publicTokensCss(selector));
}
