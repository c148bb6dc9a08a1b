import { describe, expect, it } from 'vitest';
import { dnsServerPerTest } from '../../../test/dns-server';
import { createMxChecker } from './mx';

const startDnsServer = dnsServerPerTest();

describe('the MX check', () => {
  it('lists a domain’s mail exchangers, preferred first', async () => {
    const dns = await startDnsServer(() => ({
      mx: [
        { exchange: 'backup.mail.example', preference: 20 },
        { exchange: 'MX1.Mail.Example', preference: 10 },
      ],
    }));
    const check = createMxChecker({ servers: [dns.server] });
    expect(await check('bakery.example')).toEqual({
      domain: 'bakery.example',
      status: 'found',
      hosts: ['mx1.mail.example', 'backup.mail.example'],
    });
  });

  it('says a domain takes no mail when it has no MX, a null MX, or does not exist', async () => {
    const dns = await startDnsServer((name) =>
      name === 'gone.example'
        ? 'nxdomain'
        : name === 'null-mx.example'
          ? { mx: [{ exchange: '', preference: 0 }] }
          : { a: ['192.0.2.1'] },
    );
    const check = createMxChecker({ servers: [dns.server] });
    for (const domain of ['web-only.example', 'null-mx.example', 'gone.example']) {
      expect(await check(domain)).toEqual({ domain, status: 'none', hosts: [] });
    }
  });

  it('says the check failed, not "no mail", when the DNS does not answer', async () => {
    const dns = await startDnsServer(() => 'silent');
    const check = createMxChecker({ servers: [dns.server], timeoutMs: 100, tries: 1 });
    expect(await check('slow.example')).toEqual({
      domain: 'slow.example',
      status: 'failed',
      hosts: [],
      error: 'ETIMEOUT',
    });
  });

  it('asks once per domain, whatever its case', async () => {
    const dns = await startDnsServer(() => ({ mx: [{ exchange: 'mx.example', preference: 10 }] }));
    const check = createMxChecker({ servers: [dns.server] });
    await Promise.all([check('Bakery.example'), check('bakery.example.'), check('BAKERY.EXAMPLE')]);
    expect(dns.questions).toEqual(['MX bakery.example']);
  });
});
