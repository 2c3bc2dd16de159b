/**
 * How long a handler call may take by default. Its own module so the options can name it without
 * pulling the HTTP helpers (part of the lazily loaded upload machinery) into the first load.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/**
 * The longest delay a browser timer keeps: setTimeout takes a signed 32-bit count of milliseconds
 * and fires at once for anything longer, so a 30-day timeout would fail every request. Every
 * timeout and delay option is clamped to it.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;
