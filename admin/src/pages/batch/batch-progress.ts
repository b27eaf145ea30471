/** The runner's progress line (part 2 section 2): 'About X remaining' while running, 'Completed in X' when done. */

/** A sample of progress: when (ms) and how many items were finished. */
export interface ProgressSample {
  at: number;
  finished: number;
}

/** An estimate needs at least this many samples. */
export const MIN_SAMPLES = 5;

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Hours and minutes, minutes, or seconds. */
export function formatDuration(seconds: number, t: Translate): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole >= 3600) return t('{{hours}} h {{minutes}} min', { hours: Math.floor(whole / 3600), minutes: Math.floor((whole % 3600) / 60) });
  if (whole >= 60) return t('{{minutes}} min', { minutes: Math.round(whole / 60) });
  return t('{{seconds}} s', { seconds: whole });
}

/** Seconds left at the rate of the samples, or null with fewer than MIN_SAMPLES or no progress among them. */
export function remainingSeconds(samples: readonly ProgressSample[], total: number): number | null {
  if (samples.length < MIN_SAMPLES) return null;
  const first = samples[0]!;
  const last = samples[samples.length - 1]!;
  const rate = (last.finished - first.finished) / ((last.at - first.at) / 1000);
  if (!(rate > 0)) return null;
  return (total - last.finished) / rate;
}

/** Keeps the latest samples (a sliding window, so the estimate follows the current rate). */
export function addSample(samples: readonly ProgressSample[], sample: ProgressSample, keep = 30): ProgressSample[] {
  return [...samples, sample].slice(-keep);
}
