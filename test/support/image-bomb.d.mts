/** Side of the PNG that `imageBomb()` builds, in pixels. */
export const BOMB_SIDE: number;
/** An 8-bit greyscale PNG of `side` × `side` black pixels: small on disk, huge once decoded. */
export function createImageBomb(side?: number): Promise<Buffer>;
/** The 20,000 px bomb, built on first use. */
export function imageBomb(): Promise<Buffer>;
