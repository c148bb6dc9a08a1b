import { describe, expect, it } from 'vitest';
import { parseHtml } from '../crawl/page';
import { AddressAllowList } from '../crawl/ssrf';
import { extractCustomers } from '../discovery/competitors/extract';
import { suggestMapping } from '../import/mapping';
import { createRowMapper } from '../import/rows';
import { classifyWebsite, normalizeWebsite, parseWebsite } from './domain';

const LOCAL = ['127.0.0.1', '10.0.0.0/8', '::1'];

describe('websites on addresses the crawler may reach (CRAWL_ALLOW_HOSTS)', () => {
  it('takes an allowed address as a website, its domain the address', () => {
    expect(parseWebsite('http://127.0.0.1:8201/site-1/', { allowAddresses: LOCAL })).toEqual({
      url: 'http://127.0.0.1:8201/site-1/',
      host: '127.0.0.1',
      domain: '127.0.0.1',
      isSocial: false,
    });
    expect(normalizeWebsite('10.20.30.40:8080/shop', { allowAddresses: LOCAL })).toBe(
      'https://10.20.30.40:8080/shop',
    );
    expect(normalizeWebsite('http://[::1]:9000/', { allowAddresses: LOCAL })).toBe('http://[::1]:9000/');
    expect(classifyWebsite('http://10.1.2.3/', { allowAddresses: new AddressAllowList(LOCAL) })).toEqual({
      website: 'http://10.1.2.3/',
      domain: '10.1.2.3',
      social: null,
    });
  });

  it('still refuses an address that is not allowed, and every address without an allowance', () => {
    expect(parseWebsite('http://192.168.1.5/', { allowAddresses: LOCAL })).toBeNull();
    expect(parseWebsite('http://127.0.0.1:8201/site-1/')).toBeNull();
    expect(parseWebsite('http://127.0.0.1:8201/site-1/', { allowAddresses: [] })).toBeNull();
    expect(parseWebsite('http://93.184.216.34/', { allowAddresses: LOCAL })).toBeNull();
  });

  it('reads names as before, with or without an allowance', () => {
    expect(normalizeWebsite('www.bakery.example.com', { allowAddresses: LOCAL })).toBe(
      'https://www.bakery.example.com/',
    );
    expect(parseWebsite('htp:/not a url', { allowAddresses: LOCAL })).toBeNull();
    expect(parseWebsite('https://facebook.com/bakery', { allowAddresses: LOCAL })?.isSocial).toBe(true);
  });

  it('maps a "Website" column of allowed addresses, and reads its cells', () => {
    const headers = ['Name', 'Website'];
    const rows = [
      ['Site One', 'http://127.0.0.1:8201/site-1/'],
      ['Site Two', 'http://127.0.0.1:8201/site-2/'],
    ];
    expect(suggestMapping(headers, rows).website).toBeNull();
    expect(suggestMapping(headers, rows, { allowAddresses: ['127.0.0.1'] }).website).toBe('Website');

    const mapping = { name: 'Name', website: 'Website' };
    const refused = createRowMapper(headers, mapping)(rows[0] as string[], 2);
    expect(refused).toMatchObject({ ok: true, record: { website: null } });
    expect(refused.ok && refused.warnings[0]?.message).toBe(
      'website "http://127.0.0.1:8201/site-1/" is an IP address the crawler may not reach (CRAWL_ALLOW_HOSTS allows such addresses); left empty',
    );

    const taken = createRowMapper(headers, mapping, { allowAddresses: ['127.0.0.1'] })(
      rows[1] as string[],
      3,
    );
    expect(taken).toMatchObject({
      ok: true,
      record: { website: 'http://127.0.0.1:8201/site-2/', domain: '127.0.0.1' },
      warnings: [],
    });
  });

  it("reads a competitor's customer linked by an allowed address as a customer with that website", () => {
    const $ = parseHtml(`
      <section><h2>Trusted by</h2>
        <a href="http://10.0.0.7:8080/"><img alt="Intranet Bakery"></a>
        <a href="https://www.boulangerie-dubois.fr/"><img alt="Boulangerie Dubois"></a>
      </section>`);
    const read = (website = {}) =>
      extractCustomers($, 'https://www.rival.fr/', { competitorSite: 'rival.fr', kind: 'home', website }).map(
        (f) => [f.name, f.website, f.domain],
      );
    expect(read({ allowAddresses: LOCAL })).toEqual([
      ['Intranet Bakery', 'http://10.0.0.7:8080/', '10.0.0.7'],
      ['Boulangerie Dubois', 'https://www.boulangerie-dubois.fr/', 'boulangerie-dubois.fr'],
    ]);
    // Without the allowance the address is no website: the logo still names the customer.
    expect(read()).toEqual([
      ['Intranet Bakery', null, null],
      ['Boulangerie Dubois', 'https://www.boulangerie-dubois.fr/', 'boulangerie-dubois.fr'],
    ]);
  });
});
