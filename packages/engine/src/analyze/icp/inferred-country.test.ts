import { describe, expect, it } from 'vitest';
import { icpCriteria } from '../../../test/icp-criteria';
import { icpFactsFrom } from './facts';
import { scoreIcp } from './score';
import type { IcpFacts } from './types';

// A business whose record names no country (an imported list with a city column only): its country is read from its
// phone, else from its website, and the location reason says so.
const GERMANY = icpCriteria({ locations: ['Germany'] });

describe('a country the record does not name', () => {
  const siteSummary = (country: string | null) => ({
    summary: null,
    services: [],
    industry: null,
    employee_estimate: null,
    keywords: [],
    source_urls: ['https://lehmann-bau.example/'],
    country,
  });
  const locationReason = (facts: IcpFacts) =>
    scoreIcp(facts, GERMANY).reasons.find((r) => r.criterion === 'locations');

  it('is read from its phone number, and the reason says so', () => {
    const facts = icpFactsFrom({
      business: { name: 'Lehmann Bau', city: 'Berlin', phones: ['+493012345678'] },
    });
    expect(facts).toMatchObject({ country: 'DE', country_source: 'its phone +49 30 12345678' });
    expect(locationReason(facts)).toMatchObject({
      matched: true,
      evidence: '"Germany" matches country DE (country read from its phone +49 30 12345678)',
    });
  });

  it('is read from its website when it has no phone, with the page', () => {
    const facts = icpFactsFrom({
      business: { name: 'Lehmann Bau', city: 'Berlin' },
      summary: siteSummary('DE'),
    });
    expect(locationReason(facts)).toMatchObject({
      matched: true,
      evidence: '"Germany" matches country DE (country read from its website (https://lehmann-bau.example/))',
    });
  });

  it('says which country it read when that is another one', () => {
    const facts = icpFactsFrom({ business: { name: 'Café Wien', city: 'Wien', phones: ['+4315123456'] } });
    expect(locationReason(facts)).toMatchObject({
      matched: false,
      evidence: '"Wien, AT" is not in "Germany" (country read from its phone +43 1 5123456)',
    });
  });

  it("never overrides the record's own country, and stays unknown without a phone or a settled site", () => {
    const recorded = icpFactsFrom({
      business: { name: 'Grenzhof', city: 'Basel', country: 'CH', phones: ['+493012345678'] },
      summary: siteSummary('DE'),
    });
    expect(recorded.country).toBe('CH');
    expect(recorded.country_source).toBeUndefined();
    const unknown = icpFactsFrom({
      business: { name: 'Lehmann Bau', city: 'Berlin' },
      summary: siteSummary(null),
    });
    expect(unknown.country).toBeNull();
    expect(locationReason(unknown)).toMatchObject({
      matched: false,
      evidence: '"Berlin" is not in "Germany"',
    });
  });
});
