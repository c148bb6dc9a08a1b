import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticResolver } from './dns';
import { createFetcher, type Fetcher } from './fetcher';
import type { HostGate } from './scheduler';
import { hostOf, type LocalServer, startServer } from './test-server';
import type { FetcherOptions } from './types';

// Counts requests in flight, per Host header and in total, and when each one started.
let server: LocalServer;
const inFlight = new Map<string, number>();
const maxInFlight = new Map<string, number>();
const starts = new Map<string, number[]>();
let total = 0;
let maxTotal = 0;
const fetchers: Fetcher[] = [];

beforeAll(async () => {
  server = await startServer(async (req, res) => {
    const host = hostOf(req);
    inFlight.set(host, (inFlight.get(host) ?? 0) + 1);
    maxInFlight.set(host, Math.max(maxInFlight.get(host) ?? 0, inFlight.get(host) ?? 0));
    maxTotal = Math.max(maxTotal, ++total);
    starts.set(host, [...(starts.get(host) ?? []), Date.now()]);
    await new Promise((r) => setTimeout(r, req.url === '/robots.txt' ? 5 : 120));
    inFlight.set(host, (inFlight.get(host) ?? 1) - 1);
    total--;
    if (req.url === '/robots.txt') {
      if (host.startsWith('slowpoke'))
        res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nCrawl-delay: 0.3\n');
      else res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><body>${req.url}</body></html>`);
  });
});

afterAll(async () => {
  await Promise.all(fetchers.map((f) => f.close()));
  await server.close();
});

function fetcherFor(options: FetcherOptions): Fetcher {
  const fetcher = createFetcher({
    allowAddresses: ['127.0.0.1'],
    resolve: createStaticResolver({ '*': '127.0.0.1' }),
    ...options,
  });
  fetchers.push(fetcher);
  return fetcher;
}
const at = (host: string, path: string) => `http://${host}:${server.port}${path}`;

describe('politeness', () => {
  it('sends one request at a time to a host', async () => {
    const fetcher = fetcherFor({ concurrency: 10 });
    const paths = ['/a', '/b', '/c', '/d', '/e', '/f'];
    const results = await Promise.all(paths.map((p) => fetcher.fetchPage(at('solo.example', p))));
    expect(results.map((r) => r.html?.includes(r.url.slice(-2)))).toEqual(paths.map(() => true));
    expect(maxInFlight.get('solo.example')).toBe(1);
    expect(starts.get('solo.example')).toHaveLength(7); // robots.txt + 6 pages
  });

  it('keeps to the global limit while hosts run in parallel', async () => {
    maxTotal = 0;
    const fetcher = fetcherFor({ concurrency: 3 });
    const hosts = ['h1.example', 'h2.example', 'h3.example', 'h4.example', 'h5.example'];
    const urls = hosts.flatMap((h) => ['/x', '/y', '/z'].map((p) => at(h, p)));
    const results = await Promise.all(urls.map((u) => fetcher.fetchPage(u)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(maxTotal).toBe(3);
    for (const host of hosts) expect(maxInFlight.get(host)).toBe(1);
  });

  it('spaces requests to a host by the interval and by robots Crawl-delay', async () => {
    const fetcher = fetcherFor({ hostIntervalMs: 200 });
    await Promise.all(['/1', '/2', '/3'].map((p) => fetcher.fetchPage(at('spaced.example', p))));
    const gaps = (host: string) => {
      const s = starts.get(host) ?? [];
      return s.slice(1).map((t, i) => t - (s[i] as number));
    };
    // robots.txt → page → page → page: each start waits for the previous response (≥5/120 ms) + the interval.
    for (const gap of gaps('spaced.example')) expect(gap).toBeGreaterThanOrEqual(195);
    await Promise.all(['/1', '/2'].map((p) => fetcher.fetchPage(at('slowpoke.example', p))));
    const [, ...pageGaps] = gaps('slowpoke.example');
    for (const gap of pageGaps) expect(gap).toBeGreaterThanOrEqual(295 + 120);
  });

  it('holds one request at a time per host across fetchers that share a host gate (two workers)', async () => {
    const gate = memoryGate();
    const first = fetcherFor({ concurrency: 4, hostGate: gate });
    const second = fetcherFor({ concurrency: 4, hostGate: gate });
    const paths = ['/1', '/2', '/3', '/4'];
    await Promise.all([
      ...paths.map((p) => first.fetchPage(at('shared.example', p))),
      ...paths.map((p) => second.fetchPage(at('shared.example', p))),
    ]);
    expect(maxInFlight.get('shared.example')).toBe(1);
    // Each fetcher read robots.txt once, through the gate as well.
    expect(starts.get('shared.example')).toHaveLength(10);
    // Without the gate, two fetchers are two politeness domains: they overlap on the host.
    const alone = [fetcherFor({ concurrency: 4 }), fetcherFor({ concurrency: 4 })];
    await Promise.all(alone.flatMap((f) => paths.map((p) => f.fetchPage(at('unshared.example', p)))));
    expect(maxInFlight.get('unshared.example')).toBe(2);
  });

  it('keeps the Crawl-delay gap across fetchers that share a host gate', async () => {
    const gate = memoryGate();
    const fetchers = [fetcherFor({ hostGate: gate }), fetcherFor({ hostGate: gate })];
    await Promise.all(fetchers.map((f, i) => f.fetchPage(at('slowpoke2.example', `/${i}`))));
    const s = starts.get('slowpoke2.example') ?? [];
    // robots.txt (each fetcher reads it), then the two pages: the page after a page waits out the delay.
    expect(s).toHaveLength(4);
    const gaps = s.slice(1).map((t, i) => t - (s[i] as number));
    expect(Math.max(...gaps)).toBeGreaterThanOrEqual(295 + 120);
  });
});

/** A HostGate shared in memory, as the PostgreSQL one is shared between processes. */
function memoryGate(): HostGate {
  const hosts = new Map<string, { tail: Promise<void>; notBefore: number }>();
  return {
    async acquire(host) {
      const state = hosts.get(host) ?? { tail: Promise.resolve(), notBefore: 0 };
      hosts.set(host, state);
      const previous = state.tail;
      let release = () => {};
      state.tail = new Promise((done) => {
        release = done;
      });
      await previous;
      await new Promise((done) => setTimeout(done, Math.max(0, state.notBefore - Date.now())));
      return {
        async release(gapMs) {
          state.notBefore = Date.now() + gapMs;
          release();
        },
      };
    },
  };
}
