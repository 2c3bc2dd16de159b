import { isAbortCause, retryHintOf, toUploadFailure, UploadFailureError } from '../core/errors.js';
import type { EngineState } from '../core/engine-state.js';
import type { ResolvedOptions } from '../core/options.js';
import { toRecord, type FileEntry } from '../core/file-entry.js';
import { confirmStoredUpload } from './engine-confirmations.js';
import { delay } from './http.js';
import { uploadMultipart } from './multipart.js';
import { assemblePipeline, pipelineErrorCode, runStep } from '../processing/pipeline.js';
import { awaitProcessing } from './processing-stream.js';
import { transferRemote } from './remote-files.js';
import { backoffDelay, delayBeforeRetry } from './retry-policy.js';
import { uploadSinglePut } from './single-put.js';
import type { StrategyContext } from './strategy-context.js';
import { TransferRateEstimator } from '../core/transfer-rate.js';
import { uploadTus } from './tus.js';
import type { UploadFailure, UploadResult } from '../core/file-record.js';

type Strategy = (context: StrategyContext) => Promise<UploadResult>;

function chooseStrategy(options: ResolvedOptions, entry: FileEntry): Strategy {
  if (entry.remote) return transferRemote;
  const file = entry.file;
  if (options.tus) return uploadTus;
  // An empty file has no parts to send; one PUT stores it.
  if (options.multipart && file.size > 0 && file.size >= options.multipart.thresholdBytes) return uploadMultipart;
  return uploadSinglePut;
}

function strategyContext(state: EngineState, entry: FileEntry, signal: AbortSignal): StrategyContext {
  const emitForEntry = (): ReturnType<typeof toRecord> => toRecord(entry);
  return {
    entry,
    options: state.options,
    signal,
    budget: state.budget,
    requestContext: async () => ({
      ...(await state.requestContext(signal)),
      timeoutMs: state.options.requestTimeoutMs,
      retryMaxDelayMs: state.options.retryMaxDelayMs,
    }),
    uploadMetadata: () => ({ ...state.options.raw.metadata, ...entry.metadata }),
    // A pause or cancel has set its own state; an attempt that has not noticed yet leaves it.
    checking() {
      if (signal.aborted) return;
      state.setState(entry, 'checking');
      // Its slot is free while the handler checks it.
      state.pump();
    },
    uploading() {
      if (!signal.aborted) state.setState(entry, 'uploading');
    },
    confirmLater: (token) => confirmStoredUpload(state, token),
    remember() {
      if (!signal.aborted) void state.recovery?.save(entry);
    },
    reportProgress(bytesUploaded) {
      if (bytesUploaded === entry.bytesUploaded) return;
      entry.bytesUploaded = bytesUploaded;
      (entry.transferRate ??= new TransferRateEstimator()).record(bytesUploaded);
      state.touch(entry);
      const size = entry.file.size;
      const file = emitForEntry();
      state.bus.emit('file-upload-progress', {
        file,
        bytesUploaded,
        bytesTotal: size,
        percentage: size === 0 ? 100 : (bytesUploaded / size) * 100,
        ...(file.bytesPerSecond === undefined ? {} : { bytesPerSecond: file.bytesPerSecond, secondsRemaining: file.secondsRemaining }),
      });
    },
    partUploaded(partNumber, size, inFlight) {
      state.bus.emit('part-upload', { file: emitForEntry(), partNumber, size, inFlight });
    },
    partRetry(partNumber, retry, delayMs, error) {
      state.bus.emit('part-retry', { file: emitForEntry(), partNumber, retry, delayMs, error });
    },
    resumed(skippedParts) {
      state.bus.emit('file-resume', { file: emitForEntry(), skippedParts });
    },
  };
}

/** Runs the processing pipeline once per file; a failing step is reported and skipped. */
async function runPipeline(state: EngineState, entry: FileEntry, signal: AbortSignal): Promise<void> {
  for (const step of assemblePipeline(state.options)) {
    signal.throwIfAborted();
    try {
      const output = await runStep(step, { file: entry.file, record: toRecord(entry), options: state.options.raw, signal }, state.options);
      signal.throwIfAborted();
      if (!output) continue;
      if (output.file) entry.file = output.file;
      if (output.metadata) entry.metadata = { ...entry.metadata, ...output.metadata };
      if (output.thumbnail) entry.thumbnail = output.thumbnail;
      if (output.checksum) entry.checksum = output.checksum;
      state.touch(entry);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      state.bus.emit('pipeline-error', {
        file: toRecord(entry),
        step: step.name,
        message: error instanceof Error ? error.message : String(error),
        ...pipelineErrorCode(error),
      });
    }
  }
}

function fail(state: EngineState, entry: FileEntry, error: UploadFailure): void {
  entry.error = error;
  state.setState(entry, 'failed');
  state.bus.emit('file-failed', { file: toRecord(entry), error });
}

/**
 * Uploads with up to `maxRetries` whole-file retries (retries, not attempts), each after a random
 * wait up to `retryBaseDelayMs · 2^n` (capped at `retryMaxDelayMs`), or longer when the handler or
 * storage asked for it with `Retry-After` or `SlowDown`.
 */
async function uploadWithRetries(state: EngineState, entry: FileEntry, signal: AbortSignal): Promise<UploadResult | undefined> {
  for (let retry = 0; ; retry += 1) {
    entry.attempts += 1;
    entry.error = undefined;
    state.touch(entry);
    try {
      return await chooseStrategy(state.options, entry)(strategyContext(state, entry, signal));
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      const failure = toUploadFailure(error);
      if (!failure.retryable || retry >= state.options.maxRetries) {
        fail(state, entry, failure);
        return undefined;
      }
      const { retryBaseDelayMs, retryMaxDelayMs } = state.options;
      const delayMs = delayBeforeRetry(backoffDelay(retry, retryBaseDelayMs, retryMaxDelayMs), retryHintOf(error), retryMaxDelayMs);
      state.bus.emit('file-retry', { file: toRecord(entry), retry: retry + 1, delayMs, error: failure });
      await delay(delayMs, signal);
    }
  }
}

/**
 * One run of one file: pipeline (first time only), upload with retries, then the processing
 * stream when configured. A pause or cancel aborts it through `signal`; the state was already set
 * by whoever aborted, so it is left alone here.
 */
export async function runEntry(state: EngineState, entry: FileEntry, signal: AbortSignal): Promise<void> {
  try {
    // The pipeline edits bytes; a remote file's bytes are copied by the server untouched.
    if (!entry.processed && !entry.remote) {
      state.setState(entry, 'processing');
      await runPipeline(state, entry, signal);
      signal.throwIfAborted();
      entry.processed = true;
    }
    state.setState(entry, 'uploading');
    const result = await uploadWithRetries(state, entry, signal);
    // A cancel or pause that lands as the last byte is acknowledged wins: its state stays.
    if (!result || signal.aborted) return;
    entry.result = result;
    entry.bytesUploaded = entry.file.size;
    const endpoint = state.options.raw.processingEndpoint;
    if (endpoint) state.setState(entry, 'uploaded');
    state.bus.emit('file-upload-complete', { file: toRecord(entry), key: result.key, result });
    if (endpoint) {
      const outcome = await awaitProcessing(endpoint, result.key, state.options.processingTimeout, signal);
      if (signal.aborted) throw signal.reason;
      if (outcome.ok) {
        entry.processingResult = outcome.result;
        state.touch(entry);
        state.bus.emit('file-process', { file: toRecord(entry), result: outcome.result });
      } else {
        entry.processingError = outcome.error;
        state.touch(entry);
        state.bus.emit('file-processing-failed', { file: toRecord(entry), error: outcome.error });
      }
    }
    state.setState(entry, 'successful');
  } catch (error) {
    if (isAbortCause(signal.reason)) return;
    fail(state, entry, error instanceof UploadFailureError ? error.toFailure() : toUploadFailure(error));
  }
}
