import { describe, expect, it } from 'vitest';
import { estimateRate, estimateSecondsLeft, formatTimeLeft } from './progress-rate';

describe('rate and time left from successive polls', () => {
  it('measures units per second over the recent polls only', () => {
    expect(estimateRate([])).toBeNull();
    // Less than 1.5 s of readings says nothing yet.
    expect(
      estimateRate([
        { at: 0, processed: 0 },
        { at: 1000, processed: 50 },
      ]),
    ).toBeNull();
    expect(
      estimateRate([
        { at: 0, processed: 0 },
        { at: 1000, processed: 10 },
        { at: 2000, processed: 20 },
      ]),
    ).toBe(10);
    // A slow start 20 s ago is outside the 15 s window.
    expect(
      estimateRate([
        { at: 0, processed: 0 },
        { at: 20_000, processed: 100 },
        { at: 30_000, processed: 600 },
      ]),
    ).toBe(50);
  });

  it('gives the time left only when the total and the rate are known', () => {
    expect(estimateSecondsLeft({ total: 100, done: 40, failed: 5 }, 2)).toBe(30);
    expect(estimateSecondsLeft({ total: 0, done: 40, failed: 0 }, 2)).toBeNull();
    expect(estimateSecondsLeft({ total: 100, done: 40, failed: 0 }, 0)).toBeNull();
    expect(formatTimeLeft(30)).toBe('less than a minute');
    expect(formatTimeLeft(240)).toBe('about 4 min');
    expect(formatTimeLeft(4800)).toBe('about 1 h 20 min');
  });
});
