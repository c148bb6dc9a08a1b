import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { icpCriteria } from '../../../test/icp-criteria';
import type { LanguageModel } from '../../llm/language-model';
import type { Detection } from '../software/types';
import { explainIcp } from './explain';
import { icpFactsFrom } from './facts';
import { containsTerm, stem, wordText } from './match';
import { matchLocation, usStateCode } from './places';
import { EXCLUSION_SCORE_CAP, ICP_WEIGHTS, scoreIcp, tierFor } from './score';
import type { IcpFacts } from './types';

const EMPTY_ICP = icpCriteria();
const icp = icpCriteria;

const dentist: IcpFacts = {
  name: 'Zahnarztpraxis Dr. Müller',
  category: 'Dentist',
  city: 'Austin',
  region: 'TX',
  country: 'US',
  industry: 'Healthcare',
  summary: 'A family dental practice offering implants, cleanings and Invisalign aligners.',
  services: ['Dental implants', 'Teeth whitening'],
  keywords: ['implants', 'invisalign'],
  software: ['WordPress', 'Stripe', 'CMS'],
  hiring: true,
  employee_estimate: 12,
  decision_makers: [
    {
      name: 'Eva Müller',
      role: 'Inhaberin',
      seniority: 'owner_founder',
      email: 'eva@dr-mueller.example',
      phone: null,
      source_url: 'https://dr-mueller.example/impressum',
    },
  ],
  evidence_urls: {
    industry: 'https://dr-mueller.example/',
    summary: 'https://dr-mueller.example/',
    hiring: 'https://dr-mueller.example/jobs',
    'software:WordPress': 'https://dr-mueller.example/',
  },
};

const FULL_ICP = icp({
  industries: ['dentistry'],
  locations: ['Texas'],
  keywords: ['implants', 'whitening', 'aligners'],
  software_signals: ['uses WordPress'],
  employee_min: 5,
  employee_max: 50,
  hiring_signal: true,
  reachable_decision_maker: true,
});

describe('matching', () => {
  it('folds case and diacritics, matches whole words and ignores plural endings', () => {
    const text = wordText('Café-Bäckerei & Dentists in São Paulo');
    expect(containsTerm(text, 'cafe')).toBe(true);
    expect(containsTerm(text, 'BACKEREI')).toBe(true);
    expect(containsTerm(text, 'dentist')).toBe(true);
    expect(containsTerm(text, 'sao paulo')).toBe(true);
    expect(containsTerm(text, 'dent')).toBe(false); // word boundary
    expect(containsTerm(text, 'paulo sao')).toBe(false); // order matters
    expect(containsTerm(text, '  ')).toBe(false);
    expect([stem('bakeries'), stem('businesses'), stem('glass'), stem('services')]).toEqual([
      'bakery',
      'business',
      'glass',
      'service',
    ]);
  });

  it('matches places on city, region and country, incl. US state names and codes', () => {
    const austin = { city: 'Austin', region: 'TX', country: 'US' };
    expect(matchLocation('Texas', austin)?.matchedOn).toEqual(['region TX']);
    expect(matchLocation('austin, tx', austin)?.matchedOn).toEqual(['city Austin', 'region TX']);
    expect(matchLocation('United States', austin)?.matchedOn).toEqual(['country US']);
    expect(matchLocation('USA', austin)).not.toBeNull();
    expect(matchLocation('Austin, CA', austin)).toBeNull(); // every part must match
    expect(matchLocation('CA', austin)).toBeNull(); // California, not Canada, for a US business
    expect(matchLocation('CA', { city: 'Toronto', region: 'Ontario', country: 'Canada' })).not.toBeNull();
    expect(matchLocation('Deutschland', { city: 'München', region: 'Bayern', country: 'DE' })).not.toBeNull();
    expect(matchLocation('Munchen', { city: 'München', region: null, country: null })).not.toBeNull();
    expect(matchLocation('Germany', { city: null, region: null, country: null })).toBeNull();
    expect([usStateCode('new york'), usStateCode('ny'), usStateCode('Bavaria')]).toEqual(['NY', 'NY', null]);
  });
});

describe('scoreIcp', () => {
  it('gives 100 / A when every named criterion matches, each reason with weight, points and evidence', () => {
    const result = scoreIcp(dentist, FULL_ICP);
    expect(result).toMatchObject({ score: 100, tier: 'A', produced_by: 'builtin' });
    expect(result.reasons.map((r) => r.criterion)).toEqual(Object.keys(ICP_WEIGHTS));
    for (const reason of result.reasons) {
      expect(reason.matched).toBe(true);
      expect(reason.points).toBe(reason.weight);
    }
    const byCriterion = Object.fromEntries(result.reasons.map((r) => [r.criterion, r]));
    expect(byCriterion.industries?.evidence).toContain('"dentistry" (as "dentist") in category "Dentist"');
    expect(byCriterion.locations?.evidence).toBe('"Texas" matches region TX');
    expect(byCriterion.software_signals?.evidence).toBe(
      '"uses WordPress": detected WordPress (https://dr-mueller.example/)',
    );
    expect(byCriterion.hiring_signal?.evidence).toContain('https://dr-mueller.example/jobs');
    expect(byCriterion.employee_size?.evidence).toContain('about 12 employees');
  });

  it('renormalises over the criteria the ICP names', () => {
    const result = scoreIcp(dentist, icp({ industries: ['dental'], locations: ['Berlin'] }));
    // industries 25 and locations 20 → 55.6 % and 44.4 % of the score.
    expect(result.reasons.map((r) => [r.criterion, r.weight, r.points])).toEqual([
      ['industries', 55.6, 55.6],
      ['locations', 44.4, 0],
    ]);
    expect(result).toMatchObject({ score: 56, tier: 'B' });
    expect(result.reasons[1]?.evidence).toBe('"Austin, TX, US" is not in "Berlin"');
  });

  it('gives partial keyword points: three matches (or all, when fewer are listed) for full points', () => {
    const kw = (keywords: string[]) => scoreIcp(dentist, icp({ keywords })).score;
    expect(kw(['implants'])).toBe(100);
    expect(kw(['implants', 'pizza'])).toBe(50);
    expect(kw(['implants', 'pizza', 'tacos', 'sushi'])).toBe(33);
    expect(kw(['implants', 'whitening', 'aligners', 'pizza'])).toBe(100);
    expect(kw(['pizza'])).toBe(0);
    // A miss says where it was looked for, so that "Words their websites use" is not read as the whole page.
    expect(scoreIcp(dentist, icp({ keywords: ['pizza'] })).reasons[0]?.evidence).toBe(
      'none of "pizza" in its name, category, industry, services or summary',
    );
  });

  it('gives half the size points within a factor of two of the range, none when the size is unknown', () => {
    const size = (facts: Partial<IcpFacts>, min: number | null, max: number | null) =>
      scoreIcp({ ...dentist, ...facts }, icp({ employee_min: min, employee_max: max })).score;
    expect(size({ employee_estimate: 12 }, 10, 20)).toBe(100);
    expect(size({ employee_estimate: 30 }, 10, 20)).toBe(50);
    expect(size({ employee_estimate: 41 }, 10, 20)).toBe(0);
    expect(size({ employee_estimate: 4 }, 10, null)).toBe(0);
    expect(size({ employee_estimate: 5 }, 10, null)).toBe(50);
    expect(size({ employee_estimate: null }, 10, 20)).toBe(0);
  });

  it('scores hiring both ways and treats unknown hiring as not matched', () => {
    expect(scoreIcp(dentist, icp({ hiring_signal: true })).score).toBe(100);
    expect(scoreIcp(dentist, icp({ hiring_signal: false })).score).toBe(0);
    const unknown = scoreIcp({ ...dentist, hiring: null }, icp({ hiring_signal: true }));
    expect(unknown.score).toBe(0);
    expect(unknown.reasons[0]?.evidence).toMatch(/hiring unknown/);
  });

  it('caps the score when an exclusion keyword matches and says where', () => {
    const result = scoreIcp(dentist, { ...FULL_ICP, exclude_keywords: ['franchise', 'Invisalign'] });
    expect(result).toMatchObject({ score: EXCLUSION_SCORE_CAP, tier: 'D' });
    const exclusion = result.reasons.at(-1);
    expect(exclusion).toMatchObject({ criterion: 'exclude_keywords', matched: false, weight: 0, points: 0 });
    expect(exclusion?.evidence).toContain('"Invisalign" in keywords "invisalign"');
    expect(exclusion?.evidence).toContain('score capped at 10');
    const clean = scoreIcp(dentist, { ...FULL_ICP, exclude_keywords: ['franchise'] });
    expect(clean.score).toBe(100);
    expect(clean.reasons.at(-1)).toMatchObject({ criterion: 'exclude_keywords', matched: true });
  });

  it('matches industry synonyms only on classified fields, literal terms in prose', () => {
    const bakery: IcpFacts = {
      ...dentist,
      name: 'Kornkammer',
      category: 'Bäckerei',
      industry: null,
      summary: 'We store flour.',
      services: [],
    };
    expect(scoreIcp(bakery, icp({ industries: ['Bakery'] })).score).toBe(100);
    expect(scoreIcp(bakery, icp({ industries: ['retail'] })).score).toBe(0); // "store" in prose is no shop
    expect(scoreIcp({ ...bakery, category: null }, icp({ industries: ['flour'] })).score).toBe(100);
  });

  it('says so when the ICP names no criteria', () => {
    const result = scoreIcp(dentist, EMPTY_ICP);
    expect(result).toMatchObject({ score: 0, tier: 'D' });
    expect(result.reasons).toEqual([expect.objectContaining({ criterion: 'note', weight: 0 })]);
  });

  it('cuts tiers at 75, 50 and 25', () => {
    expect([100, 75, 74, 50, 49, 25, 24, 0].map(tierFor)).toEqual(['A', 'A', 'B', 'B', 'C', 'C', 'D', 'D']);
  });
});

describe('scoreIcp properties', () => {
  const term = fc.stringMatching(/^[A-Za-zÄÖÜäöüé ]{1,12}$/);
  const terms = fc.array(term, { maxLength: 4 });
  const size = fc.option(fc.integer({ min: 0, max: 500 }), { nil: null });
  const criteria = fc.record({
    industries: terms,
    locations: terms,
    keywords: terms,
    exclude_keywords: terms,
    employee_min: size,
    employee_max: size,
    software_signals: terms,
    hiring_signal: fc.option(fc.boolean(), { nil: null }),
  });
  const facts = fc.record({
    name: term,
    category: fc.option(term, { nil: null }),
    city: fc.option(term, { nil: null }),
    region: fc.option(term, { nil: null }),
    country: fc.option(fc.constantFrom('US', 'DE', 'Germany', 'Macedonia'), { nil: null }),
    industry: fc.option(term, { nil: null }),
    summary: fc.option(fc.lorem({ maxCount: 12 }), { nil: null }),
    services: terms,
    keywords: terms,
    software: fc.array(fc.constantFrom('WordPress', 'Shopify', 'QuickBooks', 'Stripe'), { maxLength: 3 }),
    hiring: fc.option(fc.boolean(), { nil: null }),
    employee_estimate: size,
  });

  it('is deterministic, bounded, tiered by its score, and its reasons add up', () => {
    fc.assert(
      fc.property(facts, criteria, (f, c) => {
        const a = scoreIcp(f, c);
        expect(scoreIcp(f, c)).toEqual(a);
        expect(a.score).toBeGreaterThanOrEqual(0);
        expect(a.score).toBeLessThanOrEqual(100);
        expect(Number.isInteger(a.score)).toBe(true);
        expect(a.tier).toBe(tierFor(a.score));
        const weights = a.reasons.reduce((s, r) => s + r.weight, 0);
        const points = a.reasons.reduce((s, r) => s + r.points, 0);
        if (a.reasons.some((r) => r.weight > 0)) expect(Math.abs(weights - 100)).toBeLessThan(0.5);
        for (const r of a.reasons) {
          expect(r.points).toBeGreaterThanOrEqual(0);
          expect(r.points).toBeLessThanOrEqual(r.weight);
          expect(r.evidence).toBeTruthy();
        }
        const excluded = a.reasons.some((r) => r.criterion === 'exclude_keywords' && !r.matched);
        if (excluded) expect(a.score).toBeLessThanOrEqual(EXCLUSION_SCORE_CAP);
        else expect(Math.abs(a.score - points)).toBeLessThan(0.5 + 0.05 * a.reasons.length);
      }),
      { numRuns: 300 },
    );
  });

  it('never lowers the score when a fact starts to match (monotone in hiring and software)', () => {
    fc.assert(
      fc.property(facts, criteria, (f, c) => {
        const want = { ...c, hiring_signal: true, software_signals: ['QuickBooks'] };
        const without = scoreIcp({ ...f, hiring: false, software: [] }, want).score;
        const withBoth = scoreIcp({ ...f, hiring: true, software: ['QuickBooks'] }, want).score;
        expect(withBoth).toBeGreaterThanOrEqual(without);
      }),
      { numRuns: 200 },
    );
  });

  it('ignores case and diacritics of the ICP terms', () => {
    fc.assert(
      fc.property(facts, criteria, (f, c) => {
        const upper = (xs: string[]) => xs.map((x) => x.toUpperCase());
        const shouted = {
          ...c,
          industries: upper(c.industries),
          locations: upper(c.locations),
          keywords: upper(c.keywords),
          exclude_keywords: upper(c.exclude_keywords),
        };
        expect(scoreIcp(f, shouted).score).toBe(scoreIcp(f, c).score);
      }),
      { numRuns: 200 },
    );
  });
});

describe('icpFactsFrom', () => {
  it('combines the business, detections, careers and summary, keeping where each came from', () => {
    const wordpress: Detection = {
      name: 'WordPress',
      slug: 'wordpress',
      categories: [{ id: 1, name: 'CMS' }],
      version: '6.4',
      confidence: 100,
      group: 'business',
      website: null,
      icon: '',
      evidence: [{ type: 'meta', match: 'generator: WordPress 6.4', url: 'https://x.example/' }],
    };
    const facts = icpFactsFrom({
      business: { name: 'X', category: 'dentist', city: 'Austin', region: 'TX', country: 'US' },
      software: { technologies: [wordpress] },
      careers: {
        hiring: true,
        careers_url: 'https://x.example/jobs',
        source_url: 'https://boards.example/x',
      },
      summary: {
        summary: 'Dentist.',
        services: ['Implants'],
        industry: 'Healthcare',
        employee_estimate: 8,
        keywords: ['implant'],
        source_urls: ['https://x.example/about'],
      },
    });
    expect(facts).toMatchObject({
      software: ['WordPress', 'CMS'],
      hiring: true,
      industry: 'Healthcare',
      employee_estimate: 8,
      evidence_urls: {
        'software:WordPress': 'https://x.example/',
        hiring: 'https://boards.example/x',
        industry: 'https://x.example/about',
      },
    });
    const bare = icpFactsFrom({ business: { name: 'Y' } });
    expect(bare).toMatchObject({ hiring: null, software: [], industry: null, employee_estimate: null });
    expect(scoreIcp(bare, FULL_ICP).score).toBe(0);
  });
});

describe('explainIcp', () => {
  const model = (answer: unknown): LanguageModel => ({
    name: 'test-model',
    complete: async ({ schema }) => schema.parse(answer),
  });

  it('adds the model notes as weight-0 reasons and never changes the score', async () => {
    const base = scoreIcp(dentist, FULL_ICP);
    const explained = await explainIcp(base, dentist, FULL_ICP, model({ notes: ['Busy practice.'] }));
    expect(explained.score).toBe(base.score);
    expect(explained.tier).toBe(base.tier);
    expect(explained.reasons.slice(0, base.reasons.length)).toEqual(base.reasons);
    expect(explained.reasons.at(-1)).toEqual({
      criterion: 'model_note',
      matched: false,
      weight: 0,
      points: 0,
      evidence: 'Busy practice. (test-model)',
    });
    expect(explained.produced_by).toBe('model');
  });

  it('passes model failures on (the caller keeps the built-in score)', async () => {
    const base = scoreIcp(dentist, FULL_ICP);
    await expect(explainIcp(base, dentist, FULL_ICP, model({ notes: 'not a list' }))).rejects.toThrow();
    expect(await explainIcp(base, dentist, FULL_ICP, model({ notes: [] }))).toBe(base);
  });
});

describe('industry terms', () => {
  it('matches the ai_summary taxonomy labels both ways', () => {
    const facts = (industry: string, category: string | null = null): IcpFacts => ({
      ...dentist,
      name: 'X',
      summary: null,
      services: [],
      keywords: [],
      category,
      industry,
    });
    const score = (f: IcpFacts, industries: string[]) => scoreIcp(f, icp({ industries })).score;
    expect(score(facts('Dental'), ['dentists'])).toBe(100);
    expect(score(facts('Legal services'), ['lawyer'])).toBe(100);
    expect(score(facts('Restaurants, cafés & bars'), ['restaurant'])).toBe(100);
    expect(score(facts('Accounting & tax'), ['Steuerberater'])).toBe(100);
    expect(score(facts('Other', 'software company'), ['Software & IT services'])).toBe(100);
    expect(score(facts('Software & IT services'), ['Software & IT services'])).toBe(100);
    expect(score(facts('Dental'), ['Software & IT services'])).toBe(0);
  });
});
