/**
 * What screen readers hear: one polite announcement for the moments that matter (files added,
 * upload started, progress milestones, the run's time left at most every 10 s, completion,
 * failure, pause, connectivity, the image editor), never for every progress tick. File names are read as they are shown (see
 * engine-views/display-name.ts), and a name longer than `SPOKEN_NAME_LENGTH` is
 * shortened in the middle, keeping its extension: a name of thousands of characters would
 * otherwise be read out in full.
 */
import type { Translator } from '../../i18n/index.js';
import type { SvcUploaderEventDetail, SvcUploaderEventName } from '../events.js';
import { shortName } from './display-name.js';
import { failureText } from './failure-message.js';
import { timeLeftText } from './transfer-rate-text.js';

const MILESTONES = [25, 50, 75];
/** Characters of a file name read out; longer than a list row shows, so ordinary names are read whole. */
const SPOKEN_NAME_LENGTH = 120;
const spokenName = (name: string): string => shortName(name, SPOKEN_NAME_LENGTH);
/** The run's time left is read out at most this often: often enough to follow, rarely enough to bear. */
const TIME_LEFT_INTERVAL_MS = 10_000;

/**
 * Renders are paced (render-pacer.ts), so two announcements may arrive between two renders; the
 * live region shows each of them for one render at least, in order (`shown`, moved on by
 * `advance()` before each render), so a screen reader hears both. A progress reading still
 * waiting is out of date once anything newer is to be said, and gives way to it.
 */
export class Announcer {
  /** The newest announcement. */
  text = '';
  /** What the live region shows now. */
  shown = '';
  readonly #waiting: Array<{ text: string; progress: boolean }> = [];
  #milestone = 0;
  #timeLeftAt?: number;

  readonly #now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  /** Updates `text` for events worth announcing; returns whether it changed (a render is then due). */
  onEvent<Name extends SvcUploaderEventName>(name: Name, detail: SvcUploaderEventDetail<Name>, translator: Translator): boolean {
    const next = this.#messageFor(name, detail as never, translator);
    // An empty text is a plural message still loading: the element asks again once it has.
    if (!next || next === this.text) return false;
    this.text = next;
    if (this.#waiting.at(-1)?.progress) this.#waiting.pop();
    this.#waiting.push({ text: next, progress: name === 'svc-upload-progress' });
    return true;
  }

  /** Whether announcements wait for a render to show them. */
  get waiting(): boolean {
    return this.#waiting.length > 0;
  }

  /** Before a render: the oldest waiting announcement is the one to show. */
  advance(): void {
    const next = this.#waiting.shift();
    if (next) this.shown = next.text;
  }

  /** The run's time left, when there is an estimate and the last reading is old enough. */
  #timeLeft(secondsRemaining: number | undefined, translator: Translator): string | undefined {
    if (secondsRemaining === undefined) return undefined;
    const now = this.#now();
    if (this.#timeLeftAt !== undefined && now - this.#timeLeftAt < TIME_LEFT_INTERVAL_MS) return undefined;
    const text = timeLeftText(translator, secondsRemaining);
    // An empty text means the plural rules are still loading: the next progress event tries again.
    if (text !== '') this.#timeLeftAt = now;
    return text || undefined;
  }

  #messageFor(name: SvcUploaderEventName, detail: Record<string, unknown>, translator: Translator): string | undefined {
    const { t, formatPercent, lang } = translator;
    switch (name) {
      case 'svc-files-add':
        return t('announce.filesAdded', { count: (detail.files as unknown[]).length });
      case 'svc-file-remove':
        return t('announce.fileRemoved', { name: spokenName((detail.file as { name: string }).name) });
      case 'svc-upload-start':
        this.#milestone = 0;
        this.#timeLeftAt = undefined;
        return t('announce.started', { count: (detail.files as unknown[]).length });
      case 'svc-upload-progress': {
        // Runs for every progress report: a comparison or two, nothing allocated.
        const percentage = detail.percentage as number;
        let reached = this.#milestone;
        for (const milestone of MILESTONES) if (percentage >= milestone) reached = milestone;
        if (reached > this.#milestone) {
          this.#milestone = reached;
          return t('announce.progress', { percent: formatPercent(reached / 100) });
        }
        return this.#timeLeft(detail.secondsRemaining as number | undefined, translator);
      }
      case 'svc-files-upload-complete': {
        const failed = detail.failed as number;
        return failed > 0 ? t('announce.failed', { count: failed }) : t('announce.completed', { count: detail.successful as number });
      }
      case 'svc-error': {
        const failure = detail as unknown as SvcUploaderEventDetail<'svc-error'>;
        if (failure.scope !== 'upload' || !failure.file || !failure.failure) return undefined;
        return t('announce.fileFailed', { name: spokenName(failure.file.name), reason: failureText(t, failure.failure, lang) });
      }
      case 'svc-editor-open':
        return t('announce.editorOpened', { name: spokenName((detail.file as { name: string }).name) });
      case 'svc-editor-save':
        return t('announce.editorSaved', { name: spokenName((detail.edited as File).name) });
      case 'svc-upload-pause':
        return t('announce.paused');
      case 'svc-upload-resume':
        return t('announce.resumed');
      case 'svc-network-change':
        return t(detail.online ? 'announce.online' : 'announce.offline');
      default:
        return undefined;
    }
  }
}
