/**
 * Test helper (not shipped behaviour): the competitor websites in ./fixtures served from one local HTTP server on
 * 127.0.0.1 under their own host names (each folder is a host, `www.` in front), with a DNS override that maps those
 * names to 127.0.0.1. Paths resolve like a static site: `/customers` → customers.html, `/referenzen/` →
 * referenzen/index.html; anything else answers 404.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStaticResolver, type Resolver } from '../../crawl/dns';
import { hostOf, type LocalServer, startServer } from '../../crawl/test-server';

const COMPETITOR_FIXTURES_DIR = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

export interface CompetitorSites {
  server: LocalServer;
  /** Maps every fixture host to 127.0.0.1 (pass with allowAddresses: ['127.0.0.1']). */
  resolve: Resolver;
  /** http://www.<site>:<port><path> */
  urlOf(site: string, path?: string): string;
  /** Paths asked for, per host, in order. */
  requests: string[];
  /** Sites (folder names) that answer 503 to everything while listed. */
  down: Set<string>;
  /** Added before every answer (to stop a run in the middle). */
  delayMs: number;
  close(): Promise<void>;
}

function fileFor(site: string, pathname: string): string | null {
  const root = join(COMPETITOR_FIXTURES_DIR, site);
  const path = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  for (const candidate of [path, `${path.replace(/\/$/, '')}.html`, join(path, 'index.html')]) {
    const file = join(root, candidate);
    if (file.startsWith(root) && existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

export async function startCompetitorSites(): Promise<CompetitorSites> {
  const sites = readdirSync(COMPETITOR_FIXTURES_DIR);
  const requests: string[] = [];
  const down = new Set<string>();
  const state = { delayMs: 0 };
  const server = await startServer(async (req, res) => {
    const host = hostOf(req);
    const site = sites.find((s) => host === s || host === `www.${s}`);
    const { pathname } = new URL(req.url ?? '/', 'http://x');
    requests.push(`${host}${pathname}`);
    if (state.delayMs > 0) await new Promise((done) => setTimeout(done, state.delayMs));
    if (site && down.has(site)) {
      res.writeHead(503, { 'content-type': 'text/plain' });
      res.end('Service unavailable');
      return;
    }
    const file = site ? fileFor(site, pathname) : null;
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<h1>Not found</h1>');
      return;
    }
    const type = file.endsWith('.txt') ? 'text/plain' : 'text/html; charset=utf-8';
    res.writeHead(200, { 'content-type': type });
    res.end(readFileSync(file));
  });
  const resolve = createStaticResolver(
    Object.fromEntries(
      sites.flatMap((s) => [
        [s, '127.0.0.1'],
        [`www.${s}`, '127.0.0.1'],
      ]),
    ),
  );
  return {
    server,
    resolve,
    requests,
    down,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    urlOf: (site, path = '/') => `http://www.${site}:${server.port}${path}`,
    close: () => server.close(),
  };
}
