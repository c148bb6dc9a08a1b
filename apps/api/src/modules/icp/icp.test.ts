/**
 * POST /icp/overview on the seeded session of icp.fixtures.ts (real database, no language model): the tier
 * counts, the score histogram, the ranked industries, software and places, the hiring share and the built-in
 * narrative; an empty session answered with zeros and a hint; 404 to another account and 400 for a bad id.
 */

import { describeSegment } from '@argo/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { createSession, type TestUser } from '../access/access.fixtures';
import { createIcpApp, type Seeded } from './icp.fixtures';
import { builtinNarrative } from './icp.overview.service';

let t: TestApp;
let admin: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let seeded: Seeded;

beforeAll(async () => {
  ({ t, admin, viewer, outsider, seeded } = await createIcpApp());
});
afterAll(() => t?.close());

describe('POST /icp/overview', () => {
  it('counts tiers, buckets scores, ranks industries, software and places, and writes a built-in narrative', async () => {
    const res = await t.call('POST', '/api/icp/overview', {
      token: viewer.token,
      body: { session_id: seeded.sessionId },
    });
    expect(res.status).toBe(200);
    const o = res.body;
    expect(o.by_tier).toEqual({ A: 2, B: 2, C: 2, D: 1, unscored: 1 });
    expect(o.score_histogram).toHaveLength(10);
    expect(o.score_histogram[9]).toEqual({ from: 90, to: 100, count: 1 });
    expect(o.score_histogram[8]).toEqual({ from: 80, to: 90, count: 1 });
    expect(o.score_histogram[2]).toEqual({ from: 20, to: 30, count: 1 });
    expect(o.score_histogram.reduce((s: number, b: { count: number }) => s + b.count, 0)).toBe(7);
    expect(o.top_industries).toEqual([
      { name: 'Healthcare', count: 5 },
      { name: 'Construction', count: 2 },
    ]);
    // Business software only: the seeded jQuery is infrastructure.
    expect(o.top_software).toEqual([
      { name: 'WordPress', count: 3 },
      { name: 'Wix', count: 2 },
      { name: 'Stripe', count: 1 },
    ]);
    // 3 hiring of 6 with a known answer.
    expect(o.hiring_share).toBeCloseTo(0.5);
    expect(o.places[0]).toEqual({ name: 'Leeds', count: 4 });
    expect(o.generated_by).toBe('builtin');
    expect(o.narrative).toContain('8 businesses, 7 scored');
    expect(o.narrative).toContain('Healthcare (5)');
    expect(o.narrative).toContain('WordPress (3)');
  });

  it('answers an empty session with zeros and says what to do; 404 to another account; 400 for a bad id', async () => {
    const empty = await createSession(t, admin);
    const res = await t.call('POST', '/api/icp/overview', {
      token: admin.token,
      body: { session_id: empty },
    });
    expect(res.status).toBe(200);
    expect(res.body.by_tier).toEqual({ A: 0, B: 0, C: 0, D: 0, unscored: 0 });
    expect(res.body.hiring_share).toBeNull();
    expect(res.body.narrative).toContain('no businesses yet');
    const other = await t.call('POST', '/api/icp/overview', {
      token: outsider.token,
      body: { session_id: seeded.sessionId },
    });
    expect(other.status).toBe(404);
    const bad = await t.call('POST', '/api/icp/overview', {
      token: admin.token,
      body: { session_id: 'nope' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('session_id');
  });
});

describe('the built-in narrative', () => {
  it('speaks of one business as one', () => {
    const narrative = builtinNarrative({
      total: 24,
      byTier: [{ tier: 'C', count: 24 }],
      scoreBuckets: [],
      industries: [],
      software: [],
      hiring: { hiring: 1, known: 1 },
      decisionMakers: { analysed: 24, found: 1, reachable: 0 },
      places: [],
    });
    expect(narrative).toContain('The one business with a careers check is hiring.');
    expect(narrative).toContain(
      '1 of the 24 businesses whose people were analysed names a decision-maker on their site',
    );
    expect(narrative).not.toContain('the 1 businesses');
  });

  it('names the most common place, industry and software only when one leads, and says "most" only of a majority', () => {
    const figures = {
      total: 6,
      byTier: [{ tier: 'C', count: 6 }],
      scoreBuckets: [],
      hiring: { hiring: 0, known: 0 },
      decisionMakers: { analysed: 0, found: 0, reachable: 0 },
    };
    const spread = builtinNarrative({
      ...figures,
      industries: [
        { name: 'Software & IT services', count: 1 },
        { name: 'Construction & trades', count: 1 },
      ],
      software: [{ name: 'jQuery', count: 2 }],
      places: [
        { name: 'Amsterdam', count: 1 },
        { name: 'Berlin', count: 1 },
      ],
    });
    expect(spread).not.toContain('Amsterdam');
    expect(spread).not.toContain('most common industry');
    expect(spread).toContain('The most used software is jQuery (2).');
    const berlin = builtinNarrative({
      ...figures,
      industries: [],
      software: [],
      places: [
        { name: 'Berlin', count: 2 },
        { name: 'Hamburg', count: 1 },
      ],
    });
    expect(berlin).toContain('The most common place is Berlin (2 of 6).');
    const most = builtinNarrative({
      ...figures,
      industries: [],
      software: [],
      places: [{ name: 'Berlin', count: 4 }],
    });
    expect(most).toContain('Most are in Berlin (4 of 6).');
  });

  it("describes a profile by its members' figures, naming business tools only", () => {
    const why = describeSegment('Builders in Berlin using Calendly', {
      size: 3,
      averageScore: 69,
      tiers: { B: 2, C: 1 },
      topCities: [{ name: 'Berlin', count: 3 }],
      topSoftware: [{ name: 'Calendly', count: 3 }],
      hiring: 1,
      hiringKnown: 2,
      employees: { min: 5, max: 12, known: 3 },
    });
    expect(why).toBe(
      '3 businesses share this profile (Builders in Berlin using Calendly). Their average ICP score is 69 ' +
        '(2 in tier B, 1 in tier C). 100% are in Berlin. 100% use Calendly. 1 of 2 with a careers check is hiring. ' +
        'Typical size: 5–12 employees.',
    );
  });
});
