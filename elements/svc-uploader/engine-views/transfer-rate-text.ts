/**
 * "2.4 MB/s · 12 seconds left": a file's or the run's rate and time left, shown only once the
 * engine's estimate is stable (it leaves both fields out before that).
 */
import type { Translator } from '../../i18n/index.js';

/** The largest unit that reads naturally: seconds under a minute, minutes under an hour, then hours. */
export function timeLeftText(translator: Translator, secondsRemaining: number): string {
  const seconds = Math.max(1, Math.ceil(secondsRemaining));
  if (seconds < 60) return translator.t('progress.secondsLeft', { count: seconds });
  if (seconds < 3600) return translator.t('progress.minutesLeft', { count: Math.round(seconds / 60) });
  return translator.t('progress.hoursLeft', { count: Math.round(seconds / 3600) });
}

export interface RateAndTimeLeft {
  rate: string;
  timeLeft: string;
}

/** Both texts, or undefined while the estimate is hidden. */
export function rateAndTimeLeft(translator: Translator, estimate: { bytesPerSecond?: number; secondsRemaining?: number }): RateAndTimeLeft | undefined {
  const { bytesPerSecond, secondsRemaining } = estimate;
  if (bytesPerSecond === undefined || secondsRemaining === undefined) return undefined;
  return { rate: translator.formatByteRate(bytesPerSecond), timeLeft: timeLeftText(translator, secondsRemaining) };
}
