import type { ConnectionBudget } from './connection-budget.js';
import { isAbortCause, retryHintOf, toUploadFailure, UploadFailureError } from '../core/errors.js';
import type { EventBus } from '../core/event-bus.js';
import { toRecord, type FileEntry } from '../core/file-entry.js';
import { delay, type RequestContext } from './http.js';
import { uploadMultipart } from './multipart.js';
import type { ResolvedOptions } from '../core/options.js';
import { assemblePipeline, pipelineErrorCode, runStep } from '../processing/pipeline.js';
import { awaitProcessing } from './processing-stream.js';
import { transferRemote } from './remote-files.js';
import { backoffDelay, delayBeforeRetry } from './retry-policy.js';
import { uploadSinglePut } from './single-put.js';
import type { StrategyContext } from './strategy-context.js';
import { TransferRateEstimator } from '../core/transfer-rate.js';
import { uploadTus } from './tus.js';
import type { FileState, UploadFailure, UploadResult } from '../core/types.js';

/** What the runner needs from the engine that owns the entry. */
export interface RunnerHost {
  readonly options: ResolvedOptions;
  readonly bus: EventBus;
  readonly budget: ConnectionBudget;
  setState(entry: FileEntry, state: FileState): void;
  touch(entry: FileEntry): void;
  requestContext(signal: AbortSignal): Promise<RequestContext>;
}

type Strategy = (context: StrategyContext) => Promise<UploadResult>;

function chooseStrategy(options: ResolvedOptions, entry: FileEntry): Strategy {
  if (entry.remote) return transferRemote;
  const file = entry.file;
  if (options.tus) return uploadTus;
  // An empty file has no parts to send; one PUT stores it.
  if (options.multipart && file.size > 0 && file.size >= options.multipart.thresholdBytes) return uploadMultipart;
  return uploadSinglePut;
}

function strategyContext(host: RunnerHost, entry: FileEntry, signal: AbortSignal): StrategyContext {
  const emitForEntry = (): ReturnType<typeof toRecord> => toRecord(entry);
  return {
    entry,
    options: host.options,
    signal,
    budget: host.budget,
    requestContext: async () => ({
      ...(await host.requestContext(signal)),
      timeoutMs: host.options.requestTimeoutMs,
      retryMaxDelayMs: host.options.retryMaxDelayMs,
    }),
    uploadMetadata: () => ({ ...host.options.raw.metadata, ...entry.metadata }),
    // A pause or cancel has set its own state; an attempt that has not noticed yet leaves it.
    checking() {
      if (!signal.aborted) host.setState(entry, 'checking');
    },
    uploading() {
      if (!signal.aborted) host.setState(entry, 'uploading');
    },
    reportProgress(bytesUploaded) {
      if (bytesUploaded === entry.bytesUploaded) return;
      entry.bytesUploaded = bytesUploaded;
      (entry.transferRate ??= new TransferRateEstimator()).record(bytesUploaded);
      host.touch(entry);
      const size = entry.file.size;
      const file = emitForEntry();
      host.bus.emit('file-upload-progress', {
        file,
        bytesUploaded,
        bytesTotal: size,
        percentage: size === 0 ? 100 : (bytesUploaded / size) * 100,
        ...(file.bytesPerSecond === undefined ? {} : { bytesPerSecond: file.bytesPerSecond, secondsRemaining: file.secondsRemaining }),
      });
    },
    partUploaded(partNumber, size, inFlight) {
      host.bus.emit('part-upload', { file: emitForEntry(), partNumber, size, inFlight });
    },
    partRetry(partNumber, retry, delayMs, error) {
      host.bus.emit('part-retry', { file: emitForEntry(), partNumber, retry, delayMs, error });
    },
    resumed(skippedParts) {
      host.bus.emit('file-resume', { file: emitForEntry(), skippedParts });
    },
  };
}

/** Runs the processing pipeline once per file; a failing step is reported and skipped. */
async function runPipeline(host: RunnerHost, entry: FileEntry, signal: AbortSignal): Promise<void> {
  for (const step of assemblePipeline(host.options)) {
    signal.throwIfAborted();
    try {
      const output = await runStep(step, { file: entry.file, record: toRecord(entry), options: host.options.raw, signal }, host.options);
      signal.throwIfAborted();
      if (!output) continue;
      if (output.file) entry.file = output.file;
      if (output.metadata) entry.metadata = { ...entry.metadata, ...output.metadata };
      if (output.thumbnail) entry.thumbnail = output.thumbnail;
      if (output.checksum) entry.checksum = output.checksum;
      host.touch(entry);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      host.bus.emit('pipeline-error', {
        file: toRecord(entry),
        step: step.name,
        message: error instanceof Error ? error.message : String(error),
        ...pipelineErrorCode(error),
      });
    }
  }
}

function fail(host: RunnerHost, entry: FileEntry, error: UploadFailure): void {
  entry.error = error;
  host.setState(entry, 'failed');
  host.bus.emit('file-failed', { file: toRecord(entry), error });
}

/**
 * Uploads with up to `maxRetries` whole-file retries (retries, not attempts), each after a random
 * wait up to `retryBaseDelayMs · 2^n` (capped at `retryMaxDelayMs`), or longer when the handler or
 * storage asked for it with `Retry-After` or `SlowDown`.
 */
async function uploadWithRetries(host: RunnerHost, entry: FileEntry, signal: AbortSignal): Promise<UploadResult | undefined> {
  for (let retry = 0; ; retry += 1) {
    entry.attempts += 1;
    entry.error = undefined;
    host.touch(entry);
    try {
      return await chooseStrategy(host.options, entry)(strategyContext(host, entry, signal));
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      const failure = toUploadFailure(error);
      if (!failure.retryable || retry >= host.options.maxRetries) {
        fail(host, entry, failure);
        return undefined;
      }
      const { retryBaseDelayMs, retryMaxDelayMs } = host.options;
      const delayMs = delayBeforeRetry(backoffDelay(retry, retryBaseDelayMs, retryMaxDelayMs), retryHintOf(error), retryMaxDelayMs);
      host.bus.emit('file-retry', { file: toRecord(entry), retry: retry + 1, delayMs, error: failure });
      await delay(delayMs, signal);
    }
  }
}

/**
 * One run of one file: pipeline (first time only), upload with retries, then the processing
 * stream when configured. A pause or cancel aborts it through `signal`; the state was already set
 * by whoever aborted, so it is left alone here.
 */
export async function runEntry(host: RunnerHost, entry: FileEntry, signal: AbortSignal): Promise<void> {
  try {
    // The pipeline edits bytes; a remote file's bytes are copied by the server untouched.
    if (!entry.processed && !entry.remote) {
      host.setState(entry, 'processing');
      await runPipeline(host, entry, signal);
      signal.throwIfAborted();
      entry.processed = true;
    }
    host.setState(entry, 'uploading');
    const result = await uploadWithRetries(host, entry, signal);
    // A cancel or pause that lands as the last byte is acknowledged wins: its state stays.
    if (!result || signal.aborted) return;
    entry.result = result;
    entry.bytesUploaded = entry.file.size;
    const endpoint = host.options.raw.processingEndpoint;
    if (endpoint) host.setState(entry, 'uploaded');
    host.bus.emit('file-upload-complete', { file: toRecord(entry), key: result.key, result });
    if (endpoint) {
      const outcome = await awaitProcessing(endpoint, result.key, host.options.processingTimeout, signal);
      if (signal.aborted) throw signal.reason;
      if (outcome.ok) {
        entry.processingResult = outcome.result;
        host.touch(entry);
        host.bus.emit('file-process', { file: toRecord(entry), result: outcome.result });
      } else {
        entry.processingError = outcome.error;
        host.touch(entry);
        host.bus.emit('file-processing-failed', { file: toRecord(entry), error: outcome.error });
      }
    }
    host.setState(entry, 'successful');
  } catch (error) {
    if (isAbortCause(signal.reason)) return;
    fail(host, entry, error instanceof UploadFailureError ? error.toFailure() : toUploadFailure(error));
  }
}
