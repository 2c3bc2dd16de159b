/**
 * How long a handler call may take by default. Its own module so the options can name it without
 * pulling the HTTP helpers (part of the lazily loaded upload machinery) into the first load.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
