/**
 * When a watch runs next: a day, a week or a calendar month after its last start (UTC; the 31st of a month runs
 * on the last day of a shorter one). A watch made or resumed now runs first at once, on the next signals tick.
 */
import type { WatchFrequency } from '@argo/contract';

export function nextRunAfter(from: Date, frequency: WatchFrequency): Date {
  const next = new Date(from.getTime());
  if (frequency === 'daily') next.setUTCDate(next.getUTCDate() + 1);
  else if (frequency === 'weekly') next.setUTCDate(next.getUTCDate() + 7);
  else {
    const day = next.getUTCDate();
    next.setUTCDate(1);
    next.setUTCMonth(next.getUTCMonth() + 1);
    const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
    next.setUTCDate(Math.min(day, lastDay));
  }
  return next;
}
