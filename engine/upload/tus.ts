import { UploadFailureError } from '../core/errors.js';
import { fileFingerprint, persistenceScope } from '../persistence/persistence-scope.js';
import { assertStorageSuccess } from './storage-response.js';
import type { StrategyContext } from './strategy-context.js';
import { ScopedTusUrlStorage } from '../persistence/tus-url-storage.js';
import type { UploadResult } from '../core/file-record.js';
import type { StorageResponse } from './upload-options.js';
import { assertUploadUrl } from './upload-url.js';

/** How long a remembered tus upload URL is offered for resuming unless `resumeWindowSeconds` says otherwise. */
const DEFAULT_TUS_WINDOW_SECONDS = 86_400;

type TusModule = typeof import('../vendor/tus-js-client.js');
type TusResponse = { getStatus(): number; getHeader(name: string): string | undefined; getBody(): string };
type TusError = Error & { originalResponse?: TusResponse | null; causingError?: unknown };

/** The engine's own refusal (an upload URL it will not send bytes to), as tus-js-client passes it on. */
function refusalOf(error: TusError): UploadFailureError | undefined {
  return error.causingError instanceof UploadFailureError ? error.causingError : undefined;
}

let tusModule: Promise<TusModule> | undefined;

/** tus-js-client is loaded on first use only, so apps without tus never download it. */
function loadTus(): Promise<TusModule> {
  tusModule ??= import('../vendor/tus-js-client.js');
  return tusModule;
}

function toStorageResponse(response: TusResponse): StorageResponse {
  const headers: Record<string, string> = {};
  for (const name of ['upload-offset', 'upload-length', 'location', 'tus-resumable', 'etag']) {
    const value = response.getHeader(name);
    if (value !== undefined && value !== null) headers[name] = value;
  }
  return { status: response.getStatus(), headers, body: response.getBody() ?? '' };
}

function toFailure(error: TusError): UploadFailureError {
  const status = error.originalResponse?.getStatus();
  return new UploadFailureError({
    code: 'TUS_ERROR',
    message: error.message,
    status,
    // No response means the network failed; 5xx/409/423/429 are transient for tus servers.
    retryable: status === undefined || status >= 500 || [409, 423, 429].includes(status),
  });
}

/** Uploads through the tus protocol; a pause keeps the upload URL so resuming continues at the server's offset. */
export async function uploadTus(context: StrategyContext): Promise<UploadResult> {
  const settings = context.options.tus!;
  const { entry, signal } = context;
  const tus = await loadTus();
  const scope = await persistenceScope(context.options);
  signal.throwIfAborted();
  const { file } = entry;
  const windowMs = (settings.resumeWindowSeconds ?? DEFAULT_TUS_WINDOW_SECONDS) * 1000;
  return new Promise<UploadResult>((resolve, reject) => {
    const upload = new tus.Upload(file, {
      endpoint: settings.endpoint,
      uploadUrl: entry.tusUrl ?? null,
      chunkSize: settings.chunkSizeBytes ?? Number.POSITIVE_INFINITY,
      retryDelays: settings.retryDelays ?? [0, 1000, 3000],
      storeFingerprintForResuming: settings.storeFingerprintForResuming ?? true,
      removeFingerprintOnSuccess: settings.removeFingerprintOnSuccess ?? true,
      headers: settings.headers ?? {},
      parallelUploads: settings.parallelUploads ?? 1,
      // Scoped, hashed and expiring instead of tus-js-client's default (file name in a key kept forever).
      fingerprint: (input: File) => fileFingerprint(input, settings.endpoint, scope),
      urlStorage: new ScopedTusUrlStorage(scope, {
        endpoint: settings.endpoint,
        parallelUploads: settings.parallelUploads ?? 1,
        windowMs,
        fileSize: file.size,
        allowedUploadOrigins: context.options.allowedUploadOrigins,
      }),
      metadata: { filename: file.name, filetype: file.type, ...stringMetadata(context.uploadMetadata()), ...settings.metadata },
      onUploadUrlAvailable: () => {
        entry.tusUrl = upload.url ?? undefined;
      },
      // The upload URL is the tus server's `Location`: bytes go to it only under the rule every
      // upload URL follows (https, or http to loopback, the page's origin or allowedUploadOrigins).
      // The creation request goes to the configured endpoint, which the host chose.
      onBeforeRequest: (request) => {
        if (request.getMethod() !== 'POST') assertUploadUrl(request.getURL(), context.options.allowedUploadOrigins);
      },
      onShouldRetry: (error, retryAttempt, options) => !refusalOf(error) && tus.defaultOptions.onShouldRetry!(error, retryAttempt, options),
      onProgress: (bytesSent) => context.reportProgress(bytesSent),
      onSuccess: ({ lastResponse }) => {
        signal.removeEventListener('abort', onAbort);
        assertStorageSuccess(toStorageResponse(lastResponse), context.options.raw.isSuccessfulCall).then(() => {
          const url = upload.url ?? '';
          entry.tusUrl = undefined;
          resolve({ key: keyFromUploadUrl(url), url, strategy: 'tus' });
        }, reject);
      },
      onError: (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(refusalOf(error) ?? toFailure(error));
      },
    });
    const onAbort = (): void => {
      // Cancel terminates the upload on the server; a pause keeps it for resuming.
      const terminate = signal.reason === 'canceled' || signal.reason === 'removed';
      upload.abort(terminate).catch(() => undefined);
      if (terminate) entry.tusUrl = undefined;
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    if (entry.tusUrl || settings.storeFingerprintForResuming === false) {
      upload.start();
      return;
    }
    upload.findPreviousUploads().then(
      (previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        if (!signal.aborted) upload.start();
      },
      () => upload.start(),
    );
  });
}

/**
 * The stored object's key: the upload URL's last segment, decoded. The server writes that URL, so
 * a malformed escape (`%E0%A4%A`) must not turn a finished upload into a failure: the segment is
 * then kept as sent.
 */
function keyFromUploadUrl(url: string): string {
  const segment = url.split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * tus metadata values are strings; objects are sent as JSON. They travel base64-encoded in one
 * `Upload-Metadata` header, which servers cap (Node at 16 KB for all headers), so the thumbnail's
 * data URL (`thumbnailGenerator`) stays out: `record.thumbnail` still holds it.
 */
function stringMetadata(metadata: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(metadata)
      .filter(([key]) => key !== 'thumbnailUrl')
      .map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
  );
}
