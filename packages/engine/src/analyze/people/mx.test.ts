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
          : name === 'mail.example'
            ? { mx: [{ exchange: 'mx.mail.example', preference: 10 }] }
            : { a: ['192.0.2.1'] },
    );
    const check = createMxChecker({ servers: [dns.server], referenceDomain: 'mail.example' });
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

  it('says "not checked", not "no mail", when the resolver finds no mail server for a domain known to have one', async () => {
    // A network without outside DNS: every name "does not exist".
    const dns = await startDnsServer(() => 'nxdomain');
    const check = createMxChecker({ servers: [dns.server], referenceDomain: 'gmail.com' });
    const answers = await Promise.all([check('bakery.example'), check('florist.example')]);
    expect(answers.map((a) => a.status)).toEqual(['failed', 'failed']);
    expect(answers[0]?.error).toMatch(/no mail server for gmail\.com either/);
    // The reference domain is asked once, not once per domain.
    expect(dns.questions.filter((q) => q === 'MX gmail.com')).toHaveLength(1);
  });

  it('asks once per domain, whatever its case', async () => {
    const dns = await startDnsServer(() => ({ mx: [{ exchange: 'mx.example', preference: 10 }] }));
    const check = createMxChecker({ servers: [dns.server] });
    await Promise.all([check('Bakery.example'), check('bakery.example.'), check('BAKERY.EXAMPLE')]);
    expect(dns.questions).toEqual(['MX bakery.example']);
  });
});
