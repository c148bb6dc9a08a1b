/** Infer nothing from a third party's hosting: the real data on markup modelled on real pages. */
import { describe, expect, it } from 'vitest';
import { detectSoftwareFromHtml } from './detect';
import { isAboutOwnSite, isSiteHosting } from './site-hosting';

const URL = 'https://www.ctcue.com/about-us/';
const detect = (html: string, headers: Record<string, string> = {}, url = URL) =>
  detectSoftwareFromHtml({ url, html, headers });
const names = (...args: Parameters<typeof detect>) => detect(...args).map((d) => d.name);

describe('third-party hosting', () => {
  it('a form script on S3 is Mailchimp, not "uses AWS"', () => {
    const found = names(
      '<script type="text/javascript" src="//s3.amazonaws.com/downloads.mailchimp.com/js/mc-validate.js"></script>',
    );
    expect(found).toContain('MailChimp');
    expect(found).not.toContain('Amazon S3');
    expect(found).not.toContain('Amazon Web Services');
  });

  it('the site served from S3 (its own response) is', () => {
    expect(names('<html></html>', { server: 'AmazonS3' })).toEqual(
      expect.arrayContaining(['Amazon S3', 'Amazon Web Services']),
    );
  });

  it('a library from cdnjs is cdnjs, not "uses Cloudflare"', () => {
    const cdnjs = detect(
      '<script src="https://cdnjs.cloudflare.com/ajax/libs/html5shiv/3.7.3/html5shiv.min.js"></script>',
    );
    expect(cdnjs.map((d) => d.name)).toEqual(['cdnjs']);
  });

  it("Cloudflare from the site's own /cdn-cgi/ path, not from another site's", () => {
    const own = '<a href="/cdn-cgi/l/email-protection#bd82dfd2d9c4">E-Mail</a>';
    expect(names(own)).toContain('Cloudflare');
    const other = '<a href="https://blog.other-company.io/cdn-cgi/l/email-protection#bd82">E-Mail</a>';
    expect(names(other)).not.toContain('Cloudflare');
  });

  it("PHP from the site's own .php page, not from a share link to facebook.com/sharer.php", () => {
    const share =
      '<script>var share = "https://www.facebook.com/sharer/sharer.php?u=" + encodeURIComponent(location.href);</script>';
    expect(names(share)).not.toContain('PHP');
    expect(
      names(
        '<p>Ferienhaus</p>',
        {},
        'https://www.travanto.de/ferienhaus/lierfeld/40222/ferienhaus-feinen.php',
      ),
    ).toContain('PHP');
  });
});

describe('isSiteHosting / isAboutOwnSite', () => {
  it('restricts server technologies, not public CDNs or products with other categories', () => {
    expect(isSiteHosting('Amazon S3', [31])).toBe(true);
    expect(isSiteHosting('PHP', [27])).toBe(true);
    expect(isSiteHosting('cdnjs', [31])).toBe(false);
    expect(isSiteHosting('Cloudinary', [31, 95])).toBe(false);
    expect(isSiteHosting('W3 Total Cache', [23, 87])).toBe(false);
  });

  it('accepts own responses, relative and same-site URLs and self-written markers; not foreign or partial URLs', () => {
    expect(isAboutOwnSite('headers', 'server: nginx', URL)).toBe(true);
    expect(isAboutOwnSite('scriptSrc', 'https://cdn.ctcue.com/app.js', URL)).toBe(true);
    expect(isAboutOwnSite('html', 'href="/cdn-cgi/l/email-protection', URL)).toBe(true);
    expect(isAboutOwnSite('html', '<!-- Performance optimized by Redis Object Cache', URL)).toBe(true);
    expect(isAboutOwnSite('scriptSrc', 'https://s3.amazonaws.com/downloads.mailchimp.com/js/x.js', URL)).toBe(
      false,
    );
    expect(isAboutOwnSite('scripts', '.amazonaws.com', URL)).toBe(false);
    expect(isAboutOwnSite('scripts', '.php?', URL)).toBe(false);
  });
});
