import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticResolver } from './dns';
import { createFetcher, type Fetcher } from './fetcher';
import { hostOf, type LocalServer, startServer } from './test-server';
import type { FetcherOptions } from './types';

const MB = 1024 * 1024;
let server: LocalServer;
const counters = new Map<string, number>();
let bigBytesSent = 0;
const fetchers: Fetcher[] = [];

const bump = (key: string) => {
  const n = (counters.get(key) ?? 0) + 1;
  counters.set(key, n);
  return n;
};
const WIN1252_EXTRA: Record<string, number> = { '€': 0x80, '–': 0x96, '„': 0x84, '“': 0x93 };
const win1252 = (text: string) => Buffer.from([...text].map((c) => WIN1252_EXTRA[c] ?? c.charCodeAt(0)));
const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

beforeAll(async () => {
  server = await startServer((req, res) => {
    const path = req.url ?? '/';
    const key = `${hostOf(req)}${path}`;
    const html = { 'content-type': 'text/html; charset=utf-8' };
    if (path === '/robots.txt') {
      if (hostOf(req) === 'robots.example') {
        res
          .writeHead(200, { 'content-type': 'text/plain' })
          .end('User-agent: *\nDisallow: /\n\nUser-agent: ArgoBot\nDisallow: /private\n');
      } else if (hostOf(req) === 'robots-down.example') res.writeHead(503).end();
      else if (hostOf(req) === 'robots-reset.example') req.socket.destroy();
      else res.writeHead(404).end();
      return;
    }
    switch (path) {
      case '/slow':
        return; // never answers
      case '/reset':
        bump(key);
        req.socket.destroy();
        return;
      case '/flaky':
        if (bump(key) <= 2) res.writeHead(503).end('busy');
        else res.writeHead(200, html).end('<html><body>recovered</body></html>');
        return;
      case '/rate-limited':
        if (bump(key) === 1) res.writeHead(429, { 'retry-after': '1' }).end();
        else res.writeHead(200, html).end('<html><body>thanks for waiting</body></html>');
        return;
      case '/rate-limited-long':
        res.writeHead(429, { 'retry-after': '3600' }).end();
        return;
      case '/always-500':
        bump(key);
        res.writeHead(500).end();
        return;
      case '/big': {
        // 50 MB of HTML, written as fast as the client reads.
        res.writeHead(200, { 'content-type': 'text/html' });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        res.write('<html><body>');
        const pump = () => {
          while (bigBytesSent < 50 * MB) {
            bigBytesSent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end('</body></html>');
        };
        res.on('close', () => res.removeAllListeners('drain'));
        pump();
        return;
      }
      case '/gzip':
        res
          .writeHead(200, { ...html, 'content-encoding': 'gzip' })
          .end(gzipSync('<html><body>Grüße aus gzip</body></html>'));
        return;
      case '/loop-a':
        res.writeHead(302, { location: '/loop-b' }).end();
        return;
      case '/loop-b':
        res.writeHead(301, { location: '/loop-a' }).end();
        return;
      case '/cookie-gate':
        if ((req.headers.cookie ?? '').includes('consent=1')) res.writeHead(200, html).end('<html>in</html>');
        else res.writeHead(302, { location: '/cookie-gate', 'set-cookie': 'consent=1; Path=/' }).end();
        return;
      case '/image.png':
        res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
        return;
      case '/download':
        res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(PNG);
        return;
      case '/pdf-as-html':
        res.writeHead(200, html).end(Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj', 'latin1'));
        return;
      case '/untyped':
        res.writeHead(200).end('<!DOCTYPE html><html><body>no content type</body></html>');
        return;
      case '/latin1-no-charset':
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(win1252('<html><body>Bäckerei Müller</body></html>'));
        return;
      case '/latin1-labelled-utf8':
        res.writeHead(200, html).end(win1252('<html><body>Bäckerei Müller</body></html>'));
        return;
      case '/latin1-meta':
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            win1252(
              '<html><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"></head><body>Müller &amp; Söhne – €</body></html>',
            ),
          );
        return;
      case '/utf8-labelled-latin1':
        res
          .writeHead(200, { 'content-type': 'text/html; charset=ISO-8859-1' })
          .end(Buffer.from('<html><body>Müller</body></html>', 'utf8'));
        return;
      case '/private':
      case '/public':
      case '/page':
        res.writeHead(200, html).end(`<html><body>${path}</body></html>`);
        return;
      default:
        res.writeHead(404).end();
    }
  });
});

afterAll(async () => {
  await Promise.all(fetchers.map((f) => f.close()));
  await server.close();
});

function fetcherFor(options: FetcherOptions = {}): Fetcher {
  const fetcher = createFetcher({
    allowAddresses: ['127.0.0.1'],
    resolve: createStaticResolver({ '*': '127.0.0.1' }),
    retryBaseMs: 20,
    timeoutMs: 3_000,
    ...options,
  });
  fetchers.push(fetcher);
  return fetcher;
}
const at = (host: string, path: string) => `http://${host}:${server.port}${path}`;

describe('fetcher faults', () => {
  it('gives up on a server that never answers: timeout, retried once only', async () => {
    const started = Date.now();
    const result = await fetcherFor({ timeoutMs: 300, retries: 3 }).fetchPage(at('slow.example', '/slow'));
    expect(result.error?.kind).toBe('timeout');
    expect(result.attempts).toBe(2);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('records a connection reset after retrying it', async () => {
    const result = await fetcherFor({ retries: 2 }).fetchPage(at('reset.example', '/reset'));
    expect(result.error?.kind).toBe('reset');
    expect(result.attempts).toBe(3);
    expect(counters.get('reset.example/reset')).toBe(3);
  });

  it('retries 5xx with back-off and gets the page', async () => {
    const result = await fetcherFor({ retries: 3 }).fetchPage(at('flaky.example', '/flaky'));
    expect(result.error).toBeUndefined();
    expect(result.status).toBe(200);
    expect(result.attempts).toBe(3);
    expect(result.html).toContain('recovered');
  });

  it('records the last 5xx when retries run out', async () => {
    const result = await fetcherFor({ retries: 1 }).fetchPage(at('down.example', '/always-500'));
    expect(result.error).toEqual({ kind: 'http', message: 'HTTP 500' });
    expect(result.status).toBe(500);
    expect(counters.get('down.example/always-500')).toBe(2);
  });

  it('waits as long as Retry-After asks on 429', async () => {
    const started = Date.now();
    const result = await fetcherFor({ retries: 2 }).fetchPage(at('busy.example', '/rate-limited'));
    expect(result.html).toContain('thanks for waiting');
    expect(result.attempts).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('does not wait for a Retry-After beyond the bound', async () => {
    const started = Date.now();
    const result = await fetcherFor({ retries: 2, maxRetryDelayMs: 2_000 }).fetchPage(
      at('busy.example', '/rate-limited-long'),
    );
    expect(result.error?.kind).toBe('http');
    expect(result.error?.message).toMatch(/Retry-After 3600 s/);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('cuts a 50 MB body at the cap and stops reading', async () => {
    const result = await fetcherFor({ maxBytes: 2 * MB }).fetchPage(at('big.example', '/big'));
    expect(result.error).toBeUndefined();
    expect(result.truncated).toBe(true);
    expect(result.bytes).toBe(2 * MB);
    expect(result.html?.length).toBe(2 * MB);
    await new Promise((r) => setTimeout(r, 100));
    // The connection was closed: the server could not push the other 48 MB (socket buffers hold a few MB).
    expect(bigBytesSent).toBeLessThan(16 * MB);
  });

  it('fails with too_large when truncation is off', async () => {
    const result = await fetcherFor({ maxBytes: 64 * 1024, truncate: false }).fetchPage(
      at('big2.example', '/big'),
    );
    expect(result.error?.kind).toBe('too_large');
  });

  it('detects a redirect loop', async () => {
    const result = await fetcherFor().fetchPage(at('loop.example', '/loop-a'));
    expect(result.error?.kind).toBe('redirect_loop');
    expect(result.redirects).toEqual([at('loop.example', '/loop-a'), at('loop.example', '/loop-b')]);
  });

  it('bounds redirects', async () => {
    const result = await fetcherFor({ maxRedirects: 0 }).fetchPage(at('loop2.example', '/loop-a'));
    expect(result.error?.kind).toBe('too_many_redirects');
  });

  it('sends cookies back within a redirect chain', async () => {
    const result = await fetcherFor().fetchPage(at('consent.example', '/cookie-gate'));
    expect(result.html).toContain('in');
    expect(result.cookies).toEqual([{ name: 'consent', value: '1' }]);
  });

  it.each([
    ['/image.png', /image\/png is not HTML/],
    ['/download', /PNG/],
    ['/pdf-as-html', /PDF/],
  ])('skips the binary file %s', async (path, message) => {
    const result = await fetcherFor().fetchPage(at('files.example', path));
    expect(result.error?.kind).toBe('not_html');
    expect(result.error?.message).toMatch(message);
    expect(result.html).toBeUndefined();
  });

  it('sniffs HTML served without a content type, and decompresses gzip', async () => {
    const fetcher = fetcherFor();
    expect((await fetcher.fetchPage(at('files.example', '/untyped'))).html).toContain('no content type');
    expect((await fetcher.fetchPage(at('files.example', '/gzip'))).html).toContain('Grüße aus gzip');
  });

  it.each([
    ['/latin1-no-charset', 'Bäckerei Müller', 'fallback'],
    ['/latin1-labelled-utf8', 'Bäckerei Müller', 'fallback'],
    ['/latin1-meta', 'Müller &amp; Söhne – €', 'meta'],
    ['/utf8-labelled-latin1', 'Müller', 'utf8-detected'],
  ])('decodes %s right', async (path, text, source) => {
    const result = await fetcherFor().fetchPage(at('charset.example', path));
    expect(result.html).toContain(text);
    expect(result.charsetSource).toBe(source);
  });

  it('honours robots.txt for our agent', async () => {
    const fetcher = fetcherFor();
    const blocked = await fetcher.fetchPage(at('robots.example', '/private'));
    expect(blocked.error?.kind).toBe('robots');
    expect((await fetcher.fetchPage(at('robots.example', '/public'))).html).toContain('/public');
    const ignoring = fetcherFor({ respectRobots: false });
    expect((await ignoring.fetchPage(at('robots.example', '/private'))).error).toBeUndefined();
  });

  it('skips an origin whose robots.txt answers 5xx, allows one whose robots.txt cannot be fetched', async () => {
    const fetcher = fetcherFor({ retries: 0 });
    expect((await fetcher.fetchPage(at('robots-down.example', '/page'))).error?.kind).toBe('robots');
    expect((await fetcher.fetchPage(at('robots-reset.example', '/page'))).html).toContain('/page');
    expect((await fetcher.fetchPage(at('no-robots.example', '/page'))).html).toContain('/page');
  });
});
