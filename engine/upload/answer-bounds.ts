/**
 * How much of an answer the browser takes from the handler (engine and drive panel alike) and from
 * storage. Anything at the other end, or a proxy in front of it, may answer anything; each bound
 * is well above what a well-behaved answer holds, so only a hostile or broken one reaches it.
 */

/**
 * Longest handler answer read (capped-text.ts). The largest real one, a resume of 10,000 parts with
 * their checksums, is about 1.5 MiB, and a page of a drive listing a few hundred KiB; an answer of
 * tens of megabytes is not the protocol's.
 */
export const MAX_HANDLER_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * Longest storage answer kept. A stored PUT answers an empty body and an S3 error a short XML
 * document; only the first few KiB are ever read (storage-response.ts). A longer body is cut off,
 * so a storage or proxy answering megabytes does not have them all held in the page.
 */
export const MAX_STORAGE_ANSWER_BYTES = 64 * 1024;

/**
 * Longest ETag taken, from storage or from a handler's resume answer. S3's are 34 characters (a
 * quoted MD5, `-N` for multipart); the value is kept per part, persisted for resume and sent back
 * with complete, so its length is bounded.
 */
export const MAX_ETAG_LENGTH = 1024;

/** Longest server text kept from a failure body; a handler's messages are one short line. It is shown and sent on in events. */
export const MAX_SERVER_MESSAGE_LENGTH = 500;

/** Longest failure `code` kept; the handler's are short constants such as `NOT_FOUND`. */
export const MAX_SERVER_CODE_LENGTH = 64;
