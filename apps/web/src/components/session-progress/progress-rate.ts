import type { Progress } from '@argo/contract';
import { useRef } from 'react';

/** One poll's reading: when, and how many units were finished by then (progress.done counts the failed too). */
export interface ProgressSample {
  at: number;
  processed: number;
}

/** The rate is measured over the last this-many milliseconds of polls, so it follows speed changes. */
const WINDOW_MS = 15_000;
/** Fewer milliseconds than this between the first and last sample say nothing yet. */
const MIN_SPAN_MS = 1_500;
const MAX_SAMPLES = 60;

/** Items per second over the window, or null while there is not enough to go on. */
export function estimateRate(samples: readonly ProgressSample[]): number | null {
  const last = samples.at(-1);
  if (!last) return null;
  const first = samples.find((sample) => last.at - sample.at <= WINDOW_MS) ?? last;
  const span = last.at - first.at;
  if (span < MIN_SPAN_MS) return null;
  return Math.max(0, (last.processed - first.processed) / (span / 1000));
}

/** Seconds until every item is finished at `rate`, or null when the total or the rate is unknown. */
export function estimateSecondsLeft(progress: Progress, rate: number | null): number | null {
  if (!rate || rate <= 0 || progress.total <= 0) return null;
  const remaining = Math.max(0, progress.total - progress.done);
  return remaining / rate;
}

/** "less than a minute", "about 4 min", "about 1 h 20 min". */
export function formatTimeLeft(seconds: number): string {
  if (seconds < 45) return 'less than a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${Math.max(1, minutes)} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${hours} h${rest > 0 ? ` ${rest} min` : ''}`;
}

/** 0.4 → "0.4", 12.34 → "12", 1234 → "1,234". */
export function formatRate(rate: number): string {
  if (rate < 10) return rate.toFixed(1);
  return Math.round(rate).toLocaleString('en-US');
}

/**
 * The rate of a running session from its successive polls: each new reading (`readAt` changes) is a sample.
 * A reading that goes backwards (a restart) starts the measurement over.
 */
export function useProgressRate(progress: Progress | undefined, readAt: number, isRunning: boolean) {
  const samples = useRef<ProgressSample[]>([]);
  if (!progress || !isRunning) {
    samples.current = [];
    return null;
  }
  const processed = progress.done;
  const last = samples.current.at(-1);
  if (last && processed < last.processed) samples.current = [];
  if (!last || readAt > last.at) {
    samples.current = [...samples.current, { at: readAt, processed }].slice(-MAX_SAMPLES);
  }
  return estimateRate(samples.current);
}
