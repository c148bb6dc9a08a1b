import { describe, expect, it } from 'vitest';
import { dnsServerPerTest } from '../../test/dns-server';
import { createDnsResolver } from './dns';
import { classifyError } from './errors';

const startDnsServer = dnsServerPerTest();

describe('the crawler’s DNS resolver', () => {
  it('asks for A and AAAA and answers both, IPv4 first', async () => {
    const dns = await startDnsServer(() => ({
      a: ['93.184.215.14'],
      aaaa: ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    }));
    const resolve = createDnsResolver({ servers: [dns.server], fallback: null });
    expect(await resolve('shop.example')).toEqual([
      { address: '93.184.215.14', family: 4 },
      { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
    ]);
    expect(dns.questions.sort()).toEqual(['A shop.example', 'AAAA shop.example']);
  });

  it('answers an IP address itself, without a query', async () => {
    const dns = await startDnsServer(() => 'silent');
    const resolve = createDnsResolver({ servers: [dns.server], fallback: null });
    expect(await resolve('127.0.0.1')).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect(dns.questions).toEqual([]);
  });

  it('asks the hosts file for a local name the DNS does not know, not for a web site’s', async () => {
    const dns = await startDnsServer(() => 'nxdomain');
    const asked: string[] = [];
    const resolve = createDnsResolver({
      servers: [dns.server],
      fallback: async (name) => {
        asked.push(name);
        return [{ address: '10.1.2.3', family: 4 }];
      },
    });
    expect(await resolve('intranet')).toEqual([{ address: '10.1.2.3', family: 4 }]);
    expect(await resolve('app.localhost')).toEqual([{ address: '10.1.2.3', family: 4 }]);
    const error = await resolve('gone.example').catch((e: unknown) => e);
    expect(classifyError(error)).toEqual({ kind: 'dns', message: 'getaddrinfo ENOTFOUND gone.example' });
    expect(asked).toEqual(['intranet', 'app.localhost']);
  });

  it('asks the operating system for any name when no DNS server can be asked', async () => {
    const dns = await startDnsServer(() => 'silent');
    const closed = dns.server;
    await dns.close();
    const resolve = createDnsResolver({
      servers: [closed],
      timeoutMs: 1000,
      tries: 1,
      fallback: async () => [{ address: '192.0.2.7', family: 4 }],
    });
    expect(await resolve('shop.example')).toEqual([{ address: '192.0.2.7', family: 4 }]);
  });

  it('fails as a DNS failure when the server does not answer, without asking the fallback', async () => {
    const dns = await startDnsServer(() => 'silent');
    let askedFallback = false;
    const resolve = createDnsResolver({
      servers: [dns.server],
      timeoutMs: 100,
      tries: 1,
      fallback: async () => {
        askedFallback = true;
        return [{ address: '10.1.2.3', family: 4 }];
      },
    });
    const error = await resolve('lame.example').catch((e: unknown) => e);
    expect(classifyError(error)).toEqual({ kind: 'dns', message: 'getaddrinfo EAI_AGAIN lame.example' });
    expect(askedFallback).toBe(false);
  });

  it('has every lookup in flight at once, not two at a time as getaddrinfo on libuv’s threads', async () => {
    const dns = await startDnsServer(() => ({ a: ['93.184.215.14'] }), 200);
    const resolve = createDnsResolver({ servers: [dns.server], fallback: null });
    const names = Array.from({ length: 12 }, (_, i) => `site-${i}.example`);
    await Promise.all(names.map((name) => resolve(name)));
    // Each name asks A and AAAA: all 24 questions wait for their answers together.
    expect(dns.mostWaiting).toBe(24);
  });
});
