import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { crawlSite } from './crawl-site';
import { createStaticResolver } from './dns';
import { type PageVersion, pageVersionsOf, recrawlSite } from './recrawl';
import { type LocalServer, startServer } from './test-server';

/** A site that answers ETags and 304s, as most servers of static pages do; `pages` change between crawls. */
let pages: Record<string, string>;
let server: LocalServer;
const seen: { path: string; conditional: boolean; status: number; bytes: number }[] = [];

const etagOf = (html: string) => `"${createHash('sha1').update(html).digest('hex').slice(0, 16)}"`;

beforeAll(async () => {
  server = await startServer((req, res) => {
    const path = req.url ?? '/';
    const html = pages[path];
    const conditional = req.headers['if-none-match'] !== undefined;
    if (html === undefined) {
      res.writeHead(404).end();
      return;
    }
    if (req.headers['if-none-match'] === etagOf(html)) {
      seen.push({ path, conditional, status: 304, bytes: 0 });
      res.writeHead(304, { etag: etagOf(html) }).end();
      return;
    }
    seen.push({ path, conditional, status: 200, bytes: Buffer.byteLength(html) });
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag: etagOf(html) }).end(html);
  });
});
afterAll(() => server.close());

const HOST = 'shop.recrawl.test';
const options = () => ({
  allowAddresses: ['127.0.0.1'],
  resolve: createStaticResolver({ [HOST]: '127.0.0.1' }),
  retries: 0,
});
const home = () => `http://${HOST}:${server.port}/`;
const site = (team: string, intro = 'Fahrräder seit 1980.') => ({
  '/': `<html><body><h1>Radladen</h1><p>${intro}</p><a href="/team">Team</a> <a href="/impressum">Impressum</a></body></html>`,
  '/team': `<html><body><h1>Team</h1><p>${team}</p></body></html>`,
  '/impressum': '<html><body><h1>Impressum</h1><p>Inhaber: Jan Rad</p></body></html>',
});

let first: PageVersion[];
beforeEach(async () => {
  pages = site('Jan Rad, Inhaber');
  const crawl = await crawlSite(home(), options());
  first = pageVersionsOf(crawl);
  seen.length = 0;
});

describe('cheap re-crawls', () => {
  it('a first crawl sends plain requests and leaves each page a version', async () => {
    seen.length = 0;
    await crawlSite(home(), options());
    expect(seen.some((s) => s.conditional)).toBe(false);
    expect(first.map((p) => [new URL(p.url).pathname, p.role]).sort()).toEqual([
      ['/', 'home'],
      ['/impressum', 'imprint'],
      ['/team', 'team'],
    ]);
    expect(first.every((p) => p.etag && p.hash.length === 64)).toBe(true);
  });

  it('an unchanged site answers 304s: no body read, nothing to analyse', async () => {
    const again = await recrawlSite(home(), first, options());
    expect(again.unchanged).toBe(true);
    expect(again.pages).toEqual([]);
    expect(seen.map((s) => s.status)).toEqual([304, 304, 304]);
    expect(seen.reduce((n, s) => n + s.bytes, 0)).toBe(0);
  });

  it('a server without validators: the same bytes are unchanged too', async () => {
    const withoutEtags = first.map((p) => ({ ...p, etag: null }));
    const again = await recrawlSite(home(), withoutEtags, options());
    expect(again.unchanged).toBe(true);
  });

  it('a changed page makes the previous plan read whole', async () => {
    pages = site('Jan Rad, Inhaber; Eva Rad, Geschäftsführerin');
    const again = await recrawlSite(home(), first, options());
    expect(again.unchanged).toBe(false);
    expect(again.pages.map((p) => new URL(p.url).pathname)).toEqual(
      first.map((p) => new URL(p.url).pathname),
    );
    expect(again.pages.find((p) => p.role === 'team')?.html).toContain('Eva Rad');
  });

  it('a changed home page is crawled afresh, so new links are followed', async () => {
    pages = { ...site('Jan Rad, Inhaber') };
    pages['/'] =
      `<html><body><h1>Radladen</h1><p>Neu: Werkstatt</p><a href="/team">Team</a> <a href="/karriere">Karriere</a></body></html>`;
    pages['/karriere'] =
      '<html><body><h1>Karriere</h1><ul><li>Zweiradmechatroniker (m/w/d)</li></ul></body></html>';
    const again = await recrawlSite(home(), first, options());
    expect(again.unchanged).toBe(false);
    expect(again.pages.map((p) => new URL(p.url).pathname)).toContain('/karriere');
  });

  it('a site that does not answer is no unchanged site', async () => {
    const gone = first.map((p) => ({ ...p, url: p.url.replace(HOST, 'gone.recrawl.test') }));
    const again = await recrawlSite(home().replace(HOST, 'gone.recrawl.test'), gone, options());
    expect(again.unchanged).toBe(false);
    expect(again.pages).toEqual([]);
    expect(again.errors[0]?.role).toBe('home');
  });
});
