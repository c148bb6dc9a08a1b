/**
 * Floors under the evaluation's figures: an analyzer change that makes Argo less right on the labelled corpora
 * fails here. Raise a floor when a change earns it; never lower one to let a change through.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { hasSharedFixtures, SHARED_FIXTURES } from './corpus';
import { type EvalReport, evaluate } from './evaluate';
import { loadSites } from './sites';

const PAGE_CORPORA = ['html', 'careers', 'eval', 'own', 'competitors'];

/** precision / recall floors per analyzer (fractions). */
const FIGURE_FLOORS: Record<string, { precision: number; recall: number }> = {
  software: { precision: 0.97, recall: 0.98 },
  roles: { precision: 1, recall: 1 },
  emails: { precision: 0.95, recall: 1 },
  phones: { precision: 0.95, recall: 1 },
  // People: a wrong name is worse than none.
  people: { precision: 0.95, recall: 0.9 },
  // Competitors' customers on eval/competitors: the goal is precision ≥ 0.9 with recall kept.
  customers: { precision: 0.95, recall: 0.95 },
};
/** accuracy floors per analyzer (fractions). */
const ACCURACY_FLOORS: Record<string, number> = {
  industry: 0.9,
  summary: 0.9,
  address: 0.9,
  hiring: 1,
  seniority: 0.9,
  'co.legal_name': 0.9,
  'co.legal_form': 0.9,
  'co.register': 0.9,
  'co.vat_id': 0.9,
};

/**
 * Floors on the real-sites corpus (eval/sites), per split: figures per found/labelled set, and per answer its
 * precision (right of answered: a wrong answer costs it) and coverage (answered of labelled).
 */
const SITE_FIGURE_FLOORS: Record<'dev' | 'test', Record<string, { precision: number; recall: number }>> = {
  dev: {
    emails: { precision: 0.99, recall: 1.0 },
    'job roles': { precision: 0.94, recall: 0.91 },
    people: { precision: 0.98, recall: 0.82 },
    phones: { precision: 0.98, recall: 0.94 },
    software: { precision: 0.95, recall: 0.97 },
  },
  test: {
    emails: { precision: 1.0, recall: 0.97 },
    'job roles': { precision: 1.0, recall: 0.46 },
    people: { precision: 0.83, recall: 0.76 },
    phones: { precision: 0.85, recall: 0.89 },
    software: { precision: 0.96, recall: 0.93 },
  },
};
const SITE_ANSWER_FLOORS: Record<'dev' | 'test', Record<string, { precision: number; coverage: number }>> = {
  dev: {
    address: { precision: 0.96, coverage: 0.89 },
    'co.founded': { precision: 0.89, coverage: 0.79 },
    'co.legal_form': { precision: 0.97, coverage: 0.85 },
    'co.legal_name': { precision: 0.89, coverage: 0.67 },
    'co.register': { precision: 1.0, coverage: 0.73 },
    'co.vat_id': { precision: 1.0, coverage: 0.88 },
    hiring: { precision: 1.0, coverage: 1.0 },
    industry: { precision: 1.0, coverage: 0.81 },
    'person role': { precision: 0.99, coverage: 1.0 },
    // kraska.at gets none: the one paragraph of its about page opens with „ and is read as a quote, not the business.
    summary: { precision: 0.95, coverage: 0.98 },
  },
  test: {
    address: { precision: 0.83, coverage: 0.75 },
    'co.founded': { precision: 1.0, coverage: 0.6 },
    'co.legal_form': { precision: 1.0, coverage: 0.71 },
    'co.legal_name': { precision: 0.9, coverage: 0.61 },
    'co.register': { precision: 1.0, coverage: 0.75 },
    'co.vat_id': { precision: 1.0, coverage: 0.71 },
    hiring: { precision: 1.0, coverage: 0.87 },
    industry: { precision: 0.84, coverage: 0.7 },
    // Judged per person found: lone first names in team cards found 7 more people here, 6 with the right role,
    // so one wrong role in 36 (was one in 29).
    'person role': { precision: 0.94, coverage: 1.0 },
    summary: { precision: 0.81, coverage: 1.0 },
  },
};

if (!hasSharedFixtures)
  console.warn(`../shared/fixtures not found at ${SHARED_FIXTURES}: accuracy floors not checked`);

// Without the shared fixtures only our own pages are there: the suite must not pass on written pages alone.
it('finds the shared fixtures (the floors must hold on real pages)', () => {
  expect(hasSharedFixtures, `../shared/fixtures not found at ${SHARED_FIXTURES}`).toBe(true);
});

describe.runIf(hasSharedFixtures)('accuracy on the labelled corpora (npm run eval)', () => {
  let report: EvalReport;
  let sites: ReturnType<typeof loadSites>;
  // The whole evaluation runs here. Alone it takes about 5 s, but beside the other test files on a freshly started
  // virtual machine it took 221 s once (every new page of memory is slow to touch the first time there: the same
  // pages took 35 s, then 0.6 s on the next run). The limit is there to end a hung run, not to time the analyzers.
  beforeAll(async () => {
    report = await evaluate(undefined, [...PAGE_CORPORA, 'sites']);
    sites = loadSites();
  }, 900_000);

  it('labels every page of eval/pages', () => {
    expect(report.unlabelled).toEqual([]);
  });

  it('quotes every site label from the page it names, and labels every site', () => {
    expect(sites.refused).toEqual([]);
    expect(sites.problems).toEqual([]);
  });

  for (const split of ['dev', 'test'] as const) {
    it.each(Object.entries(SITE_FIGURE_FLOORS[split]))(
      `real sites ${split}: %s stays above its floors`,
      (name, floor) => {
        const figures = report.groups[split]?.figures[name];
        expect(figures, name).toBeDefined();
        expect(figures?.precision ?? 0).toBeGreaterThanOrEqual(floor.precision);
        expect(figures?.recall ?? 0).toBeGreaterThanOrEqual(floor.recall);
      },
    );
    it.each(Object.entries(SITE_ANSWER_FLOORS[split]))(
      `real sites ${split}: %s answers stay above their floors`,
      (name, floor) => {
        const answers = report.groups[split]?.answers?.[name];
        expect(answers, name).toBeDefined();
        expect(answers?.precision ?? 0).toBeGreaterThanOrEqual(floor.precision);
        expect(answers?.coverage ?? 0).toBeGreaterThanOrEqual(floor.coverage);
      },
    );
  }

  it.each(Object.entries(FIGURE_FLOORS))('%s precision and recall stay above their floors', (name, floor) => {
    const figures = report.figures[name];
    expect(figures, name).toBeDefined();
    expect(figures?.precision ?? 0).toBeGreaterThanOrEqual(floor.precision);
    expect(figures?.recall ?? 0).toBeGreaterThanOrEqual(floor.recall);
  });

  it.each(Object.entries(ACCURACY_FLOORS))('%s accuracy stays above its floor', (name, floor) => {
    expect(report.accuracy[name]?.accuracy ?? 0).toBeGreaterThanOrEqual(floor);
  });
});
