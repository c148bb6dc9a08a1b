/**
 * career_analysis after a crawl from the home page (local server, sites under their own host names): the
 * careers page is found from the home page's links in several languages, a forwarding stub is followed, and a
 * site without a careers page, or whose careers link is dead, is "could not tell" (null), never "not hiring".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlSite } from '../../crawl/crawl-site';
import { createStaticResolver } from '../../crawl/dns';
import { createFetcher, type Fetcher } from '../../crawl/fetcher';
import { hostOf, type LocalServer, startServer } from '../../crawl/test-server';
import { analyzeCareers } from './analyze';

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;
const nav = (links: string) =>
  `<header class="site-header"><a href="/">Home</a><nav>${links}<a href="/contact/">Contact</a></nav></header>`;
const about =
  '<main><h1>Welcome</h1><p>A family business since 1970, serving customers across the region.</p></main>';

const SITES: Record<string, Record<string, string>> = {
  'www.vandijk.example': {
    '/': page('Bouwbedrijf Van Dijk', nav('<a href="/werken-bij/">Werken bij</a>') + about),
    '/werken-bij/': page(
      'Werken bij',
      `${nav('')}<main><h1>Werken bij Van Dijk</h1><h2>Openstaande vacatures</h2>
       <div class="vacature"><h3>Timmerman</h3><ul><li><i class="fas fa-map-marker-alt"></i> Amersfoort</li></ul><a href="/vacatures/timmerman/">Bekijk vacature</a></div>
       <div class="vacature"><h3>Projectleider bouw</h3><ul><li><i class="fas fa-map-marker-alt"></i> Leusden</li></ul><a href="/vacatures/projectleider/">Bekijk vacature</a></div></main>`,
    ),
  },
  'www.fjellsko.example': {
    '/': page('Fjellsko', nav('<a href="/karriere/">Jobb hos oss</a>') + about),
    '/karriere/': page(
      'Karriere',
      '<meta http-equiv="refresh" content="0; url=/jobb/"><p>Weiter zur <a href="/jobb/">Karriereseite</a>.</p>',
    ),
    '/jobb/': page(
      'Jobb',
      `${nav('')}<main><h1>Jobb hos oss</h1><p>Vi er seks skomakere i Bergen og har reparert sko siden 1987.</p>
       <h2>Ledige stillinger</h2><ul><li><a href="/jobb/skomaker/">Skomakerlærling</a></li></ul></main>`,
    ),
  },
  'www.nocareers.example': {
    '/': page('Bakery', nav('<a href="/about/">About us</a>') + about),
    '/about/': page('About', `${nav('')}<main><h1>About us</h1><p>Three generations of bakers.</p></main>`),
  },
  'www.deadlink.example': {
    '/': page('Plumber', nav('<a href="/careers/">Careers</a>') + about),
  },
};

let server: LocalServer;
let fetcher: Fetcher;
const site = (host: string) => `http://${host}:${server.port}/`;

beforeAll(async () => {
  server = await startServer((req, res) => {
    const body = SITES[hostOf(req)]?.[(req.url ?? '/').split('?')[0] ?? '/'];
    if (!body) return res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  fetcher = createFetcher({
    allowAddresses: ['127.0.0.1'],
    resolve: createStaticResolver(Object.fromEntries(Object.keys(SITES).map((h) => [h, '127.0.0.1']))),
    retries: 0,
  });
});

afterAll(async () => {
  await fetcher?.close();
  await server?.close();
});

const analyse = async (host: string) => {
  const crawl = await crawlSite(site(host), { fetcher });
  return analyzeCareers(crawl.pages, { fetcher });
};

describe('career_analysis after a crawl from the home page', () => {
  it('finds the careers page from a Dutch "Werken bij" link and reads its roles with locations', async () => {
    const analysis = await analyse('www.vandijk.example');
    expect(analysis).toMatchObject({
      hiring: true,
      careers_url: `${site('www.vandijk.example')}werken-bij/`,
      roles: [
        { title: 'Timmerman', location: 'Amersfoort' },
        { title: 'Projectleider bouw', location: 'Leusden' },
      ],
    });
  });

  it('follows a careers page that only forwards (meta refresh) to the real one', async () => {
    const analysis = await analyse('www.fjellsko.example');
    expect(analysis).toMatchObject({
      hiring: true,
      careers_url: `${site('www.fjellsko.example')}jobb/`,
      roles: [{ title: 'Skomakerlærling' }],
    });
  });

  it.each([
    ['has no careers page', 'www.nocareers.example'],
    ['links a careers page that does not exist', 'www.deadlink.example'],
  ])('says null (could not tell), not "not hiring", when a site %s', async (_case, host) => {
    expect(await analyse(host)).toMatchObject({ hiring: null, roles: [], method: 'none' });
  });
});
