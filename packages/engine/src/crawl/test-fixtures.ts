/**
 * Test helper (not shipped behaviour): the real pages of ../shared/fixtures served under their original host
 * names from one local server, read in place (never copied).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixturesPresent } from '../fixtures-present';
import { createStaticResolver, type Resolver } from './dns';
import { type Handler, hostOf } from './test-server';

/** <repo>/../shared/fixtures */
export const FIXTURES_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../../shared/fixtures',
);
export const hasFixtures = fixturesPresent(
  existsSync(join(FIXTURES_DIR, 'html/technologies.truth.json')),
  `real-page fixtures at ${FIXTURES_DIR}`,
);
export const MISSING_FIXTURES_MESSAGE = `real-page fixtures not found at ${FIXTURES_DIR}: tests on real pages are not run`;

interface TruthTechnology {
  name: string;
  evidence: string;
  basis: string;
}

export interface FixturePage {
  /** Key in the truth file ("pages/x.html") or the careers file name. */
  key: string;
  file: string;
  originalUrl: string;
  /** Captured response headers (the *.fixture.json pages), else none. */
  headers: Record<string, string | string[]>;
  technologies: TruthTechnology[];
}

// Hop-by-hop and encoding headers of the capture do not describe the bytes we serve.
const DROPPED_HEADERS = new Set([
  'content-encoding',
  'transfer-encoding',
  'content-length',
  'connection',
  'keep-alive',
]);

function capturedHeaders(htmlFile: string): Record<string, string | string[]> {
  const json = htmlFile.replace(/\.html$/, '.fixture.json');
  if (!existsSync(json)) return {};
  const { headers } = JSON.parse(readFileSync(json, 'utf8')) as {
    headers: Record<string, string | string[]>;
  };
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !DROPPED_HEADERS.has(name.toLowerCase())),
  );
}

export function loadHtmlFixtures(): FixturePage[] {
  const truth = JSON.parse(
    readFileSync(join(FIXTURES_DIR, 'html/technologies.truth.json'), 'utf8'),
  ) as Record<string, { file?: string; original_url?: string; technologies?: TruthTechnology[] }>;
  return Object.entries(truth)
    .filter(([key, entry]) => key !== '_about' && entry.file)
    .map(([key, entry]) => {
      const file = join(FIXTURES_DIR, 'html', entry.file as string);
      const name = basename(file).replace(/\.(?:source\.)?html$/, '');
      return {
        key,
        file,
        // Readability's pages have no original URL: they get a stand-in host.
        originalUrl: entry.original_url ?? `https://${name}.fixture.test/`,
        headers: capturedHeaders(file),
        technologies: entry.technologies ?? [],
      };
    });
}

export function loadCareersFixtures(): Array<FixturePage & { truth: Record<string, unknown> }> {
  const dir = join(FIXTURES_DIR, 'careers');
  const truth = JSON.parse(readFileSync(join(dir, 'hiring.truth.json'), 'utf8')) as Record<
    string,
    { url?: string }
  >;
  const used = new Set<string>();
  return readdirSync(dir)
    .filter((f) => f.endsWith('.html') && truth[f]?.url)
    .sort()
    .map((f) => {
      let url = truth[f]?.url as string;
      // Two snapshots of one URL: the later one is served under a query string.
      if (used.has(url)) url = `${url}?snapshot=${f.replace(/\.html$/, '')}`;
      used.add(url);
      return {
        key: f,
        file: join(dir, f),
        originalUrl: url,
        headers: {},
        technologies: [],
        truth: truth[f] ?? {},
      };
    });
}

/** The original URL as fetched from the local server: http, the server's port, same host and path. */
export function localUrl(originalUrl: string, port: number): string {
  const url = new URL(originalUrl);
  return `http://${url.hostname}:${port}${url.pathname}${url.search}`;
}

/** DNS answers for the fixture hosts: all 127.0.0.1 (anything else fails like an unknown name). */
export function fixtureResolver(pages: FixturePage[], extra: Record<string, string> = {}): Resolver {
  return createStaticResolver({
    ...Object.fromEntries(pages.map((p) => [new URL(p.originalUrl).hostname, '127.0.0.1'])),
    ...extra,
  });
}

/** Serves each page at its original host and path (404 elsewhere, robots.txt included). */
export function fixtureHandler(pages: FixturePage[]): Handler {
  const routes = new Map(pages.map((p) => [routeKey(new URL(p.originalUrl)), p]));
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const page = routes.get(`${hostOf(req)}${url.pathname}${url.search}`);
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    const headers = { 'content-type': 'text/html', ...page.headers };
    res.writeHead(200, headers);
    res.end(readFileSync(page.file));
  };
}

const routeKey = (url: URL) => `${url.hostname}${url.pathname}${url.search}`;
