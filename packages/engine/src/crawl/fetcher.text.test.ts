/** fetchText: JSON/XML APIs through the same polite, SSRF-guarded fetcher as pages. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticResolver } from './dns';
import { createFetcher, type Fetcher } from './fetcher';
import { hostOf, type LocalServer, startServer } from './test-server';

let server: LocalServer;
let fetcher: Fetcher;
const accepts: string[] = [];

beforeAll(async () => {
  server = await startServer((req, res) => {
    if (req.url === '/robots.txt') {
      if (hostOf(req) === 'robots.example') res.writeHead(200).end('User-agent: *\nDisallow: /\n');
      else res.writeHead(404).end();
      return;
    }
    accepts.push(req.headers.accept ?? '');
    if (req.url === '/jobs.json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"jobs":[{"title":"Bäcker (m/w/d)"}]}');
    } else if (req.url === '/jobs.xml') {
      res.writeHead(200, { 'content-type': 'text/xml' }).end('<workzag-jobs><position/></workzag-jobs>');
    } else if (req.url === '/big.json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(`[${'1,'.repeat(50_000)}1]`);
    } else res.writeHead(404).end();
  });
  fetcher = createFetcher({
    allowAddresses: ['127.0.0.1'],
    resolve: createStaticResolver({
      'api.example': '127.0.0.1',
      'robots.example': '127.0.0.1',
      'inside.example': '10.0.0.7',
    }),
    retries: 0,
  });
});

afterAll(async () => {
  await fetcher?.close();
  await server?.close();
});

const at = (host: string, path: string) => `http://${host}:${server.port}${path}`;

describe('fetcher.fetchText', () => {
  it('reads JSON that fetchPage refuses as not HTML, asking for JSON', async () => {
    expect((await fetcher.fetchPage(at('api.example', '/jobs.json'))).error?.kind).toBe('not_html');
    accepts.length = 0;
    const result = await (fetcher.fetchText as NonNullable<Fetcher['fetchText']>)(
      at('api.example', '/jobs.json'),
    );
    expect(result.error).toBeUndefined();
    expect(JSON.parse(result.html ?? '')).toEqual({ jobs: [{ title: 'Bäcker (m/w/d)' }] });
    expect(accepts[0]).toMatch(/^application\/json/);
  });

  it('reads XML', async () => {
    const result = await fetcher.fetchText?.(at('api.example', '/jobs.xml'), { accept: 'application/xml' });
    expect(result?.html).toBe('<workzag-jobs><position/></workzag-jobs>');
    expect(accepts.at(-1)).toBe('application/xml');
  });

  it('fails with too_large instead of cutting a document', async () => {
    const result = await fetcher.fetchText?.(at('api.example', '/big.json'), { maxBytes: 10_000 });
    expect(result?.error?.kind).toBe('too_large');
  });

  it('keeps the SSRF guard and robots.txt', async () => {
    expect((await fetcher.fetchText?.(at('inside.example', '/jobs.json')))?.error?.kind).toBe('ssrf');
    expect((await fetcher.fetchText?.('http://169.254.169.254/latest/meta-data/'))?.error?.kind).toBe('ssrf');
    expect((await fetcher.fetchText?.(at('robots.example', '/jobs.json')))?.error?.kind).toBe('robots');
  });
});
