import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlSite } from './crawl-site';
import { createStaticResolver } from './dns';
import type { Fetcher } from './fetcher';
import { type LocalServer, startServer } from './test-server';
import type { FetchResult } from './types';

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const HOME = `<!DOCTYPE html><html><head><title>B\xe4ckerei M\xfcller</title></head><body>
<nav><a href="/">Start</a> <a href="/ueber-uns">\xdcber uns</a> <a href="/kontakt">Kontakt</a>
<a href="/karriere">Karriere</a> <a href="/team">Unser Team</a> <a href="/preise">Preise</a></nav>
<p>Frische Br\xf6tchen seit 1910.</p>
<footer><a href="/impressum">Impressum</a> <a href="/datenschutz">Datenschutz</a> <a href="/flyer.pdf">Flyer</a>
<a href="https://www.instagram.com/baeckerei">Instagram</a></footer></body></html>`;

let server: LocalServer;
const requested: string[] = [];

beforeAll(async () => {
  server = await startServer((req, res) => {
    requested.push(req.url ?? '');
    const page = (body: string) => res.writeHead(200, { 'content-type': 'text/html' }).end(latin1(body));
    switch (req.url) {
      case '/robots.txt':
        res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /preise\n');
        return;
      case '/':
        return page(HOME);
      case '/ueber-uns':
        return page('<html><body><h1>\xdcber uns</h1>Familienbetrieb in dritter Generation.</body></html>');
      case '/impressum':
        return page('<html><body>Inhaber: Karl M\xfcller, Hauptstra\xdfe 1, 12345 Musterstadt</body></html>');
      case '/kontakt':
        return; // hangs: timeout
      case '/karriere':
        res.writeHead(500).end();
        return;
      case '/team':
        res.writeHead(302, { location: '/team' }).end();
        return;
      default:
        res.writeHead(404).end();
    }
  });
});

afterAll(() => server.close());

describe('crawlSite', () => {
  it('crawls the home page and the pages that matter, recording each failure with its reason', async () => {
    const crawl = await crawlSite(`http://baeckerei-mueller.example:${server.port}/`, {
      allowAddresses: ['127.0.0.1'],
      resolve: createStaticResolver({ 'baeckerei-mueller.example': '127.0.0.1' }),
      timeoutMs: 400,
      retries: 1,
      retryBaseMs: 10,
    });
    const origin = `http://baeckerei-mueller.example:${server.port}`;
    expect(crawl.homeUrl).toBe(`${origin}/`);
    expect(crawl.pages.map((p) => [p.role, p.url])).toEqual([
      ['home', `${origin}/`],
      ['about', `${origin}/ueber-uns`],
      ['imprint', `${origin}/impressum`],
    ]);
    expect(crawl.pages[0]?.$('title').text()).toBe('Bäckerei Müller');
    expect(crawl.pages[2]?.$('body').text()).toContain('Hauptstraße');
    expect(
      crawl.errors
        .map((e) => [e.role, e.error.kind])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['careers', 'http'],
      ['contact', 'timeout'],
      ['team', 'redirect_loop'],
    ]);
    expect(crawl.robotsBlocked).toEqual([`${origin}/preise`]);
    // Never fetched: pages no role asked for, files, other sites, and what robots.txt forbids.
    expect(requested).not.toContain('/datenschutz');
    expect(requested).not.toContain('/flyer.pdf');
    expect(requested).not.toContain('/preise');
  });

  it('falls back to http when a bare domain does not answer on https', async () => {
    const asked: string[] = [];
    const stub: Fetcher = {
      async fetchPage(url) {
        asked.push(url);
        const base: FetchResult = {
          url,
          finalUrl: url,
          status: null,
          headers: {},
          cookies: [],
          bytes: 0,
          truncated: false,
          redirects: [],
          attempts: 1,
          fetchedAt: new Date(0).toISOString(),
        };
        return url.startsWith('https:')
          ? { ...base, error: { kind: 'connect', message: 'ECONNREFUSED' } }
          : { ...base, status: 200, html: '<html><body>plain http</body></html>' };
      },
      close: async () => {},
    };
    const crawl = await crawlSite('old-site.example', { fetcher: stub });
    expect(asked).toEqual(['https://old-site.example', 'http://old-site.example']);
    expect(crawl.pages).toHaveLength(1);
    expect(crawl.errors).toEqual([]);
  });

  it('reports a home page that cannot be fetched, without throwing', async () => {
    const crawl = await crawlSite('http://nowhere.example/', {
      resolve: createStaticResolver({}),
      retries: 0,
    });
    expect(crawl.pages).toEqual([]);
    expect(crawl.errors.map((e) => [e.role, e.error.kind])).toEqual([['home', 'dns']]);
  });
});
