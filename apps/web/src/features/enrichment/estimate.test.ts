import { describe, expect, it } from 'vitest';
import { requestedTypes } from './enrichment-types';
import {
  estimateEnrichment,
  formatDuration,
  PAGES_PER_SITE,
  SECONDS_PER_PAGE,
  SITES_AT_ONCE,
} from './estimate';

describe('the enrichment estimate', () => {
  it('is websites × pages per site, read SITES_AT_ONCE sites at a time', () => {
    expect(estimateEnrichment(1, true)).toEqual({
      sites: 1,
      maxPages: PAGES_PER_SITE,
      seconds: PAGES_PER_SITE * SECONDS_PER_PAGE,
      needsCrawl: true,
    });
    // A full round of sites takes as long as one site; one more site starts a second round.
    expect(estimateEnrichment(SITES_AT_ONCE, true).seconds).toBe(PAGES_PER_SITE * SECONDS_PER_PAGE);
    expect(estimateEnrichment(SITES_AT_ONCE + 1, true).seconds).toBe(2 * PAGES_PER_SITE * SECONDS_PER_PAGE);
    expect(estimateEnrichment(200, true).maxPages).toBe(1400);
  });

  it('reads nothing for ICP fit alone, or when there is no website', () => {
    expect(estimateEnrichment(200, false)).toEqual({
      sites: 200,
      maxPages: 0,
      seconds: 0,
      needsCrawl: false,
    });
    expect(estimateEnrichment(0, true)).toMatchObject({ maxPages: 0, seconds: 0 });
  });

  it('says durations in words', () => {
    expect(formatDuration(0)).toBe('under a minute');
    expect(formatDuration(59)).toBe('under a minute');
    expect(formatDuration(200)).toBe('about 3 min');
    expect(formatDuration(2 * 3600 + 5 * 60)).toBe('about 2 h 5 min');
    expect(formatDuration(3600)).toBe('about 1 h');
  });
});

describe('the types asked for', () => {
  it('sends unified for every analyzer, else the chosen ones in a fixed order', () => {
    expect(
      requestedTypes(['icp_analysis', 'people', 'career_analysis', 'software_detection', 'ai_summary']),
    ).toEqual(['unified']);
    expect(requestedTypes(['icp_analysis', 'career_analysis', 'software_detection', 'ai_summary'])).toEqual([
      'ai_summary',
      'software_detection',
      'career_analysis',
      'icp_analysis',
    ]);
    expect(requestedTypes(['people'])).toEqual(['people']);
    expect(requestedTypes(['icp_analysis', 'ai_summary'])).toEqual(['ai_summary', 'icp_analysis']);
    expect(requestedTypes(['career_analysis'])).toEqual(['career_analysis']);
    expect(requestedTypes([])).toEqual([]);
  });
});
