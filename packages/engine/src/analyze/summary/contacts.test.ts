import { describe, expect, it } from 'vitest';
import { pageFromHtml } from '../../crawl/page';
import { findAddresses } from './addresses';
import { findOpeningHours } from './contacts';
import { decodeCloudflareEmail, findEmails, rot13 } from './emails';
import { findPhones } from './phones';
import { findSocials, profileOf } from './socials';

const page = (body: string, url = 'https://www.example.de/kontakt') =>
  pageFromHtml({
    url,
    html: `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`,
  });
const emails = (body: string) => findEmails(page(body)).map((e) => e.email);

/** What Cloudflare's email protection writes for `email` with key byte `key`. */
function cloudflareEncode(email: string, key: number): string {
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  return hex(key) + [...Buffer.from(email, 'utf8')].map((b) => hex(b ^ key)).join('');
}

describe('findEmails', () => {
  it('reads mailto links, including "mailto:Mailto:…", "mailto://…", encoded spaces and query strings', () => {
    expect(
      emails(`
        <a href="mailto:Info@Example.de?subject=Anfrage">Schreiben Sie uns</a>
        <a href="mailto:Mailto:buero@example.de">x</a>
        <a href="mailto:%20kontakt@example.de">y</a>
        <a href="mailto://post@example.de">z</a>`),
    ).toEqual(['info@example.de', 'buero@example.de', 'kontakt@example.de', 'post@example.de']);
  });

  it('de-obfuscates [at]/(at)/{at} and [dot]/(dot) forms in any case and spacing', () => {
    expect(emails('<p>Mail: info [at] example [dot] de</p>')).toEqual(['info@example.de']);
    expect(emails('<p>info(at)example.de</p>')).toEqual(['info@example.de']);
    expect(emails('<p>office {at} mueller-bau (dot) at</p>')).toEqual(['office@mueller-bau.at']);
    expect(emails('<p>hallo [AT] studio-nord [DOT] co [DOT] uk</p>')).toEqual(['hallo@studio-nord.co.uk']);
    expect(emails('<p>E-Mail: kontakt (ät) baeckerei-schmidt.de</p>')).toEqual([
      'kontakt@baeckerei-schmidt.de',
    ]);
  });

  it('accepts a spelled-out " at " only together with a spelled-out dot (prose stays prose)', () => {
    expect(emails('<p>Write to jobs at acme-tools dot com today.</p>')).toEqual(['jobs@acme-tools.com']);
    expect(emails('<p>Have a look at example.com for more.</p>')).toEqual([]);
  });

  it('decodes HTML-entity addresses in text and in links', () => {
    expect(
      emails(
        '<p>&#105;&#110;&#102;&#111;&#64;&#101;&#120;&#97;&#109;&#112;&#108;&#101;&#46;&#100;&#101;</p>',
      ),
    ).toEqual(['info@example.de']);
    expect(
      emails('<a href="&#109;&#97;&#105;&#108;&#116;&#111;&#58;team&#x40;example.org.uk">write</a>'),
    ).toEqual(['team@example.org.uk']);
  });

  it('decodes Cloudflare email protection (data-cfemail and /cdn-cgi links)', () => {
    const hex = cloudflareEncode('anfrage@zahnarzt-weber.de', 0x5a);
    expect(decodeCloudflareEmail(hex)).toBe('anfrage@zahnarzt-weber.de');
    expect(
      emails(
        `<a href="/cdn-cgi/l/email-protection" class="__cf_email__" data-cfemail="${hex}">[email&#160;protected]</a>`,
      ),
    ).toEqual(['anfrage@zahnarzt-weber.de']);
    expect(
      emails(`<a href="/cdn-cgi/l/email-protection#${cloudflareEncode('hi@café.fr', 0x21)}">mail</a>`),
    ).toEqual(['hi@café.fr']);
    expect(decodeCloudflareEmail('zz')).toBeNull();
  });

  it('decodes the ROT13 data-enc-email of WordPress email encoders and CSS-reversed text', () => {
    expect(rot13('vasb')).toBe('info');
    expect(emails('<a data-enc-email="vasb[at]grnpure-gb-erag.qr" class="mail-link"></a>')).toEqual([
      'info@teacher-to-rent.de',
    ]);
    expect(
      emails('<span style="unicode-bidi: bidi-override; direction: rtl">ed.elpmaxe@ofni</span>'),
    ).toEqual(['info@example.de']);
  });

  it('leaves out image names, placeholders and documentation domains', () => {
    expect(
      emails(`
        <img src="/logo@2x.png"><p>logo@2x.png you@domain.com name@example.com max.mustermann@firma.de</p>
        <p>real@firma.de</p>`),
    ).toEqual(['real@firma.de']);
  });

  it('takes a social handle after a word for no address, and needs a real top-level domain', () => {
    expect(emails('<p>Ihr findet uns auf Instagram als <a href="#">@dussmann.official</a></p>')).toEqual([]);
    expect(emails('<p>icon@2x.webp team@studio.berlin info @ baeckerei-schmidt.de</p>')).toEqual([
      'team@studio.berlin',
      'info@baeckerei-schmidt.de',
    ]);
  });

  it('decodes a hex-encoded address in an element named like a mail link', () => {
    const hex = Buffer.from('kundenservice@dussmann.de').toString('hex').toUpperCase();
    expect(emails(`<a class="dubCustomEmail secret" href="#"><span>${hex}</span>${hex}</a>`)).toEqual([
      'kundenservice@dussmann.de',
    ]);
    expect(emails('<span class="mail-id">6B756E64656E</span>')).toEqual([]);
  });

  it('skips the decoy part a stylesheet hides, and decoy or machine mailboxes', () => {
    expect(
      emails(`<style>.nospam{display:none}@media (max-width:600px){.narrow{display:none}}</style>
        <p>info@<span class="nospam">spam.</span>giromatch.com</p>
        <p>kontakt@<span class="narrow">werkstatt-</span>meier.de</p>`),
    ).toEqual(['info@giromatch.com', 'kontakt@werkstatt-meier.de']);
    expect(
      emails(
        '<p>info@spam.example-shop.de hallo@nospam.laden.de 8f14e45fceea167a5a36dedd4bea2543@sentry.acme.com</p>',
      ),
    ).toEqual([]);
  });

  it('drops a label the markup glued to an address, and keeps addresses that merely start like one', () => {
    expect(emails('<p><strong>Kontakt</strong><span>g.x@gx-bau.de</span></p>')).toEqual(['g.x@gx-bau.de']);
    expect(emails('<p><b>E-Mail</b>info@schreinerei-alt.de</p>')).toEqual(['info@schreinerei-alt.de']);
    expect(
      emails('<p>Kontakt@tischlerei.de · kontakt@bau.de · Contactus@shop.com · Mailbox@firma.de</p>'),
    ).toEqual(['kontakt@tischlerei.de', 'kontakt@bau.de', 'contactus@shop.com', 'mailbox@firma.de']);
    // Lower case, the label is told by the address the page links on its own.
    expect(
      emails(
        '<p><span>email</span><a href="mailto:info@energy-way.it">info@energy-way.it</a></p><p>emailinfo@energy-way.it</p>',
      ),
    ).toEqual(['info@energy-way.it']);
  });
});

describe('findPhones', () => {
  const phones = (body: string, country: string | null = 'DE') =>
    findPhones(page(body), country).map((p) => p.phone);

  it('reads tel: links and labelled numbers into E.164 with the site country', () => {
    expect(phones('<a href="tel:+49%2030%2025791357">Anrufen</a>')).toEqual(['+493025791357']);
    expect(phones('<p>Tel.: 0471 80 60 745</p>')).toEqual(['+494718060745']);
    expect(phones('<p>Fon +49 (0)2202 -2809436</p>')).toEqual(['+4922022809436']);
    expect(phones('<p>Telefon: +49 (0) 99 73 84 59 – 0</p>')).toEqual(['+49997384590']);
    expect(phones('<p>Call us: (469) 287-2159</p>', 'US')).toEqual(['+14692872159']);
    expect(phones('<p>Tél. 01 42 68 53 00</p>', 'FR')).toEqual(['+33142685300']);
  });

  it('takes unlabelled numbers written internationally or in a national format', () => {
    expect(phones('<p>Familie Rieder +39 0473 668056</p>', 'IT')).toEqual(['+390473668056']);
    expect(phones('<p>Kontakt 089 231416666</p>')).toEqual(['+4989231416666']);
    expect(phones('<p>0049 40 3589217</p>')).toEqual(['+49403589217']);
  });

  it('leaves out fax numbers, dates, times, prices and bare digit runs', () => {
    expect(phones('<p>Fax: 0471 80 60 746</p>')).toEqual([]);
    expect(
      phones(
        '<p>Termin: 21.02.2020, 19 Uhr. Öffnungszeiten 09:00 - 17:00. Preis 1.234.567 €. Artikel 31908-1016</p>',
      ),
    ).toEqual([]);
  });
});

describe('socials', () => {
  it('canonicalises profile links and refuses share buttons, posts and pixels', () => {
    expect(profileOf('https://www.facebook.com/daheimSolarEness/')?.url).toBe(
      'https://facebook.com/daheimSolarEness',
    );
    expect(profileOf('http://twitter.com/verge?lang=de')?.url).toBe('https://x.com/verge');
    expect(profileOf('https://www.linkedin.com/company/management-circle-ag/about/')?.url).toBe(
      'https://linkedin.com/company/management-circle-ag',
    );
    expect(profileOf('https://www.youtube.com/@spiceworks/')?.url).toBe('https://youtube.com/@spiceworks');
    expect(profileOf('https://www.tiktok.com/@baeckerei.schmidt?lang=de')?.url).toBe(
      'https://tiktok.com/@baeckerei.schmidt',
    );
    expect(profileOf('https://www.xing.com/companies/managementcircleag')?.url).toBe(
      'https://xing.com/companies/managementcircleag',
    );
    for (const notProfile of [
      'https://www.facebook.com/sharer/sharer.php?u=x',
      'https://www.facebook.com/tr?id=1075686279883929&ev=PageView',
      'https://twitter.com/intent/tweet?text=x',
      'https://twitter.com/SilegoTech/status/717018987771469824',
      'https://www.youtube.com/watch?v=63qtYi1nwcs',
      'https://www.youtube.com/embed/1QFMPo5k6p0',
      'https://www.linkedin.com/shareArticle?mini=true',
      'https://www.instagram.com/p/CXyz123/',
      'https://example.com/facebook.com/x',
    ]) {
      expect(profileOf(notProfile), notProfile).toBeNull();
    }
  });

  it("keeps the site's own profiles and drops a theme's demo profiles that come as a set", () => {
    const p = page(
      `<footer><a href="https://www.facebook.com/silkesweinkeller">f</a><a href="http://www.instagram.com/silkesweinkeller">i</a></footer>
       <div class="slide-in-menu"><a href="http://facebook.com/codetipi">f</a><a href="http://twitter.com/codetipi">t</a>
       <a href="https://www.youtube.com/codetipi">y</a></div>
       <article><p>Wie <a href="https://www.linkedin.com/in/someone-else/">Someone</a> schreibt …</p></article>`,
      'https://www.silkes-weinkeller.de/',
    );
    const urls = findSocials([p], ['silkes-weinkeller'], []).map((s) => s.url);
    expect(urls.sort()).toEqual([
      'https://facebook.com/silkesweinkeller',
      'https://instagram.com/silkesweinkeller',
    ]);
  });

  it('trusts schema.org sameAs and rel="me"', () => {
    const p = page(
      '<div><a rel="me" href="https://www.linkedin.com/in/dschuppe/">LinkedIn</a></div>',
      'https://www.doschu.com/',
    );
    const urls = findSocials([p], ['doschu'], ['https://www.instagram.com/hejfish_kommanswasser/']).map(
      (s) => s.url,
    );
    expect(urls).toEqual(['https://instagram.com/hejfish_kommanswasser', 'https://linkedin.com/in/dschuppe']);
  });
});

describe('addresses and opening hours in text', () => {
  const addresses = (body: string) => findAddresses(page(body));

  it('finds street + postcode + city lines, also across <br> lines', () => {
    expect(
      addresses(
        '<p>Training-Line English<br>Reuterstr. 123<br>51467 Bergisch Gladbach<br>Fon 02202 2809436</p>',
      ),
    ).toEqual(['Reuterstr. 123, 51467 Bergisch Gladbach']);
    expect(addresses('<p>Management Circle AG Düsseldorfer Str. 36 65760 Eschborn/Ts. Germany</p>')).toEqual([
      'Düsseldorfer Str. 36, 65760 Eschborn/Ts',
    ]);
    expect(addresses('<p>Am Alten Markt 5, 1010 Wien</p>')).toEqual(['Am Alten Markt 5, 1010 Wien']);
    expect(addresses('<address>12 rue de la Paix, 75002 Paris</address>')).toEqual([
      '12 rue de la Paix, 75002 Paris',
    ]);
    expect(addresses('<p>Visit us: 2400 W Chicago Ave, Chicago, IL 60622</p>')).toEqual([
      '2400 W Chicago Ave, Chicago, IL 60622',
    ]);
  });

  it('takes a street without a street word only beside contact details or with a country-prefixed postcode', () => {
    expect(
      addresses('<p>Planungsbüro Hoppe * Eckleinjarten 6 * 27580 Bremerhaven<br>Tel.: 0471 80 60 745</p>'),
    ).toEqual(['Eckleinjarten 6, 27580 Bremerhaven']);
    expect(addresses('<p>Oberortl<br><span>Juval 2, I-39020 Kastelbell-Tschars</span></p>')).toEqual([
      'Juval 2, I-39020 Kastelbell-Tschars',
    ]);
    expect(addresses('<p>Published November 4, 2019 Speed matters</p>')).toEqual([]);
  });

  it('reads opening hours in German, English and French', () => {
    const hours = (body: string) => findOpeningHours(page(body));
    expect(hours('<p>Kontakt 089 231416666 Mo-Fr: 9:00-17:00 Uhr info@x.de</p>')).toEqual([
      'Mo-Fr: 9:00-17:00 Uhr',
    ]);
    expect(hours('<p>Mon–Sat 10am–6pm, Sun 11am-4pm</p>')).toEqual(['Mon–Sat 10am–6pm; Sun 11am-4pm']);
    expect(hours('<li>Di, Do 8-12 und 14-18 Uhr</li>')).toEqual(['Di, Do 8-12 und 14-18 Uhr']);
    expect(hours('<p>Lundi - Vendredi 9h - 18h</p>')).toEqual(['Lundi - Vendredi 9h - 18h']);
    expect(hours('<p>Do 19. März 2020</p>')).toEqual([]);
  });
});

describe("an authority's email in an imprint", () => {
  const imprint = (own: string) => `<main><h1>Impressum</h1>
    <p>Notar Dr. Max Krebs<br>Altstadt 1<br>84028 Landshut<br>E-Mail: <a href="mailto:${own}">${own}</a></p>
    <h2>Aufsichtsbehörden:</h2>
    <p>Landesnotarkammer Bayern<br>Ottostraße 10<br>80333 München<br>Telefon: 089 551660<br>Fax: 089 55166234<br>
      E-Mail: <a href="mailto:notarkammer@notare-bayern-pfalz.de">notarkammer@notare-bayern-pfalz.de</a></p>
    <p>Der Präsident des Landgerichts Landshut<br>Maximilianstraße 22<br>84028 Landshut<br>Telefon: 0871 840<br>
      Fax: 0871 841440<br>E-Mail: <a href="mailto:poststelle@lg-la.bayern.de">poststelle@lg-la.bayern.de</a></p>
    <h2>Berufsrechtliche Regelungen</h2><p>Schreiben Sie uns: <a href="mailto:kanzlei@notar-krebs.de">kanzlei@notar-krebs.de</a></p></main>`;

  it("is not the business's: only the notary's own addresses are found", () => {
    const found = findEmails(
      page(imprint('info@notar-krebs.de'), 'https://www.notar-krebs.de/impressum.htm'),
    );
    expect(found.map((e) => e.email)).toEqual(['info@notar-krebs.de', 'kanzlei@notar-krebs.de']);
  });
});
