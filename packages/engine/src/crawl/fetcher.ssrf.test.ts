import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticResolver } from './dns';
import { createFetcher, type Fetcher } from './fetcher';
import { type LocalServer, startServer } from './test-server';

// A "secret" service on loopback: no refused request may ever reach it.
let secret: LocalServer;
let secretHits = 0;
// A public-looking site (really 127.0.0.2, allow-listed) whose redirects point inside.
let site: LocalServer;
let guarded: Fetcher;
let redirecting: Fetcher;

beforeAll(async () => {
  secret = await startServer((_req, res) => {
    secretHits++;
    res.end('<html>secret</html>');
  });
  site = await startServer((req, res) => {
    const targets: Record<string, string> = {
      '/to-loopback': `http://127.0.0.1:${secret.port}/`,
      '/to-metadata': 'http://169.254.169.254/latest/meta-data/',
      '/to-decimal': `http://2130706433:${secret.port}/`,
      '/to-mapped': `http://[::ffff:127.0.0.1]:${secret.port}/`,
      '/to-name': `http://evil.example:${secret.port}/`,
      '/to-private': 'http://192.168.1.1/admin',
    };
    const target = targets[req.url ?? ''];
    if (target) res.writeHead(302, { location: target }).end();
    else if (req.url === '/ok')
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>public</html>');
    else res.writeHead(404).end();
  }, '127.0.0.2');
  const common = { connectTimeoutMs: 500, timeoutMs: 2_000, retries: 0 };
  guarded = createFetcher({
    ...common,
    resolve: createStaticResolver({
      localhost: '127.0.0.1',
      'internal.example': '127.0.0.1',
      'metadata.example': '169.254.169.254',
      'mixed.example': ['93.184.216.34', '10.0.0.5'],
      'mapped.example': '::ffff:192.168.0.1',
      'ula.example': 'fd00::1',
      'zero.example': '0.0.0.0',
    }),
  });
  redirecting = createFetcher({
    ...common,
    allowAddresses: ['127.0.0.2'],
    resolve: createStaticResolver({ 'public.example': '127.0.0.2', 'evil.example': '127.0.0.1' }),
  });
});

afterAll(async () => {
  await Promise.all([guarded.close(), redirecting.close(), secret.close(), site.close()]);
});

describe('SSRF guard', () => {
  const direct = () => {
    const p = secret.port;
    return [
      `http://127.0.0.1:${p}/`,
      `http://2130706433:${p}/`, // decimal
      `http://0177.0.0.1:${p}/`, // octal
      `http://0x7f.1:${p}/`, // hex, short form
      `http://0x7f000001:${p}/`,
      `http://127.1:${p}/`,
      `http://[::1]:${p}/`,
      `http://[::ffff:127.0.0.1]:${p}/`, // IPv4-mapped IPv6
      `http://[::ffff:7f00:1]:${p}/`,
      `http://[0:0:0:0:0:ffff:7f00:1]:${p}/`,
      'http://169.254.169.254/latest/meta-data/', // cloud metadata
      'http://[::ffff:169.254.169.254]/latest/meta-data/',
      'http://10.0.0.1/',
      'http://172.16.5.4/',
      'http://192.168.1.1/',
      'http://100.64.0.1/', // CGNAT
      'http://0.0.0.0/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
      'http://[fe80::1]/',
      'http://[fd12:3456::1]/',
      `http://localhost:${p}/`, // a name resolving to loopback, no allow-list
      `http://internal.example:${p}/`,
      'http://metadata.example/latest/meta-data/',
      'http://mixed.example/', // one public and one private answer: refused
      'http://mapped.example/',
      'http://ula.example/',
      'http://zero.example/',
    ];
  };

  it('refuses 28 URLs pointing inside, before connecting', async () => {
    const urls = direct();
    expect(urls.length).toBeGreaterThanOrEqual(20);
    const results = await Promise.all(urls.map((url) => guarded.fetchPage(url)));
    for (const [i, result] of results.entries()) {
      expect({ url: urls[i], kind: result.error?.kind }).toEqual({ url: urls[i], kind: 'ssrf' });
    }
    expect(secretHits).toBe(0);
  });

  it.each([
    ['/to-loopback', '127.0.0.1'],
    ['/to-metadata', '169.254.169.254'],
    ['/to-decimal', '127.0.0.1'],
    ['/to-mapped', 'ffff'],
    ['/to-name', 'evil.example resolves to 127.0.0.1'],
    ['/to-private', '192.168.1.1'],
  ])('refuses a redirect %s from an allowed host', async (path, mentioned) => {
    const result = await redirecting.fetchPage(`http://public.example:${site.port}${path}`);
    expect(result.error?.kind).toBe('ssrf');
    expect(result.error?.message).toContain(mentioned);
    expect(result.redirects).toEqual([`http://public.example:${site.port}${path}`]);
    expect(secretHits).toBe(0);
  });

  it('still fetches what the allow-list names', async () => {
    const result = await redirecting.fetchPage(`http://public.example:${site.port}/ok`);
    expect(result.error).toBeUndefined();
    expect(result.html).toContain('public');
  });
});
