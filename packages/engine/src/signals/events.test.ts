import { describe, expect, it } from 'vitest';
import { eventsOf, type Fact, factsOf, type Observed } from '.';

const HOME = 'https://www.example.de/';
const up = (home = HOME) => factsOf({}, { reachable: true, homeUrl: home })[0] as Fact;
const down = () => factsOf({}, { reachable: false, homeUrl: null })[0] as Fact;
const seen = (fact: Fact, runs = 1): Observed => ({ ...fact, runs });

describe('site reachability', () => {
  it('is unreachable on the second failed run in a row, not the first', () => {
    expect(eventsOf({ last: seen(up(), 3), beforeLast: null, next: down() })).toEqual([]);
    const second = eventsOf({ last: seen(down(), 1), beforeLast: seen(up()), next: down() });
    expect(second.map((e) => e.type)).toEqual(['site_unreachable']);
    expect(eventsOf({ last: seen(down(), 2), beforeLast: seen(up()), next: down() })).toEqual([]);
  });

  it('is back only after it was reported unreachable', () => {
    expect(eventsOf({ last: seen(down(), 1), beforeLast: seen(up()), next: up() })).toEqual([]);
    const back = eventsOf({ last: seen(down(), 2), beforeLast: seen(up()), next: up() });
    expect(back.map((e) => e.type)).toEqual(['site_back']);
  });

  it('never reports a site that never answered', () => {
    expect(eventsOf({ last: seen(down(), 1), beforeLast: null, next: down() })).toEqual([]);
  });

  it('reports a move to another domain, not to another page or subdomain of the same', () => {
    const moved = eventsOf({ last: seen(up()), beforeLast: null, next: up('https://example-gmbh.com/de/') });
    expect(moved.map((e) => [e.type, e.before, e.after])).toEqual([
      ['domain_moved', 'example.de', 'example-gmbh.com'],
    ]);
    expect(
      eventsOf({ last: seen(up()), beforeLast: null, next: up('https://example.de/start?x=1') }),
    ).toEqual([]);
  });

  it('a failed run records the site alone: no "stopped hiring" from a fetch that failed', () => {
    const facts = factsOf(
      { career_analysis: { hiring: false, careers_url: null, source_url: null, roles: [] } },
      { reachable: false, homeUrl: null },
    );
    expect(facts.map((f) => f.kind)).toEqual(['site']);
  });
});

describe('hiring', () => {
  const hiring = (isHiring: boolean | null, roles: string[]) =>
    factsOf(
      {
        career_analysis: {
          hiring: isHiring,
          careers_url: `${HOME}jobs`,
          source_url: `${HOME}jobs`,
          roles: roles.map((title) => ({ title, url: null })),
        },
      },
      { reachable: true, homeUrl: HOME },
    ).find((f) => f.kind === 'hiring');

  it('starts and stops, and says which roles opened and closed', () => {
    const before = hiring(false, []) as Fact;
    const after = hiring(true, ['Elektriker (m/w/d)', 'Bürokaufmann']) as Fact;
    const started = eventsOf({ last: seen(before), beforeLast: null, next: after });
    expect(started.map((e) => [e.type, e.key])).toEqual([
      ['hiring_started', ''],
      ['role_opened', 'bürokaufmann'],
      ['role_opened', 'elektriker'],
    ]);
    const stopped = eventsOf({ last: seen(after), beforeLast: null, next: before });
    expect(stopped.map((e) => e.type)).toEqual(['hiring_stopped', 'role_closed', 'role_closed']);
  });

  it('a gender marker, case or order is no new role', () => {
    const a = hiring(true, ['Elektriker (m/w/d)', 'Bürokaufmann']) as Fact;
    const b = hiring(true, ['BÜROKAUFMANN', 'Elektriker (w/m/d)']) as Fact;
    expect(b.hash).toBe(a.hash);
  });

  it('"could not tell" is no fact, so it never reads as stopped hiring', () => {
    expect(hiring(null, [])).toBeUndefined();
  });
});

describe('ICP tier', () => {
  it('records a changed tier with before and after', () => {
    const tier = (t: string) =>
      factsOf({ icp_analysis: { tier: t } }, { reachable: true, homeUrl: HOME })[1] as Fact;
    const events = eventsOf({ last: seen(tier('C')), beforeLast: null, next: tier('A') });
    expect(events.map((e) => [e.type, e.before, e.after])).toEqual([['icp_tier_changed', 'C', 'A']]);
    expect(eventsOf({ last: null, beforeLast: null, next: tier('A') })).toEqual([]);
  });
});
