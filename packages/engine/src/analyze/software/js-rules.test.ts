/**
 * Wappalyzer `js` patterns approximated from what a page's scripts define: each rule on markup modelled on how
 * real sites embed the product, and on a near miss it must not fire on.
 */
import { describe, expect, it } from 'vitest';
import { detectSoftwareFromHtml } from './detect';
import { compileFingerprints } from './fingerprints';
import type { FingerprintData } from './types';

const data: FingerprintData = {
  categories: {
    '32': { name: 'Marketing automation' },
    '10': { name: 'Analytics' },
    '51': { name: 'Page builders' },
  },
  technologies: {
    HubSpot: { cats: [32], js: { _hsq: '', 'hbspt.forms.create': '' } },
    'Facebook Pixel': { cats: [10], js: { _fbq: '' } },
    'Facebook SDK': { cats: [10], js: { fbAsyncInit: '' } },
    Elementor: { cats: [51], js: { 'elementorFrontendConfig.version': '([\\d\\.]+)\\;version:\\1' } },
    Mailmunch: { cats: [32], js: { mailmunch: '' } },
    Pinned: { cats: [10], js: { pinnedVersion: '^4\\.' } },
    Tiny: { cats: [10], js: { ga: '' } },
  },
};
const fp = compileFingerprints(data);
const detect = (html: string) =>
  detectSoftwareFromHtml({ url: 'https://www.example-shop.de/', html }, fp).map((d) => d.name);
const script = (body: string) => `<html><head><script>${body}</script></head><body></body></html>`;

describe('js patterns from what inline scripts define', () => {
  it('a global the tracking snippet declares (HubSpot WordPress plugin)', () => {
    expect(detect(script('var _hsq = _hsq || [];\n_hsq.push(["setContentType", "blog-post"]);'))).toEqual([
      'HubSpot',
    ]);
    // Using a global is not defining it; a longer name that ends the same is another global.
    expect(detect(script('_hsq.push(["trackPageView"]);'))).toEqual([]);
    expect(detect(script('var my_hsq = [];'))).toEqual([]);
  });

  it('a property of window set by a minified snippet (the Facebook Pixel base code)', () => {
    const pixel =
      "!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;}(window, document,'script','https://connect.facebook.net/en_US/fbevents.js');";
    expect(detect(script(pixel))).toEqual(['Facebook Pixel']);
    expect(detect(script('if (window._fbq) { console.log("pixel already there"); }'))).toEqual([]);
  });

  it('window.name = … and the standard SDK snippet', () => {
    expect(
      detect(script("window.fbAsyncInit = function() { FB.init({ appId: '1', version: 'v9.0' }); };")),
    ).toEqual(['Facebook SDK']);
    expect(detect(script('if (typeof window.fbAsyncInit === "function") {}'))).toEqual([]);
  });

  it('a property path the page calls (HubSpot embedded form)', () => {
    expect(
      detect(script('hbspt.forms.create({ region: "eu1", portalId: "4304957", formId: "x" });')),
    ).toEqual(['HubSpot']);
    expect(detect(script('myhbspt.forms.create({});'))).toEqual([]);
    expect(detect(script('hbspt.forms.createLater({});'))).toEqual([]);
  });

  it('a path whose first name is defined with an object literal holding the second (Elementor config)', () => {
    const config =
      'var elementorFrontendConfig = {"environmentMode":{"edit":false},"version":"3.0.11","urls":{"assets":"/x/"}};';
    expect(detect(script(config))).toEqual(['Elementor']);
    expect(detect(script('var elementorFrontendConfig = {"environmentMode":{"edit":false}};'))).toEqual([]);
  });

  it('a script served from the product domain named like its global (Mailmunch)', () => {
    const page =
      '<script data-cfasync="false" src="//a.mailmunch.co/app/v1/site.js" id="mailmunch-script"></script>';
    expect(detect(page)).toEqual(['Mailmunch']);
    expect(detect('<script src="https://cdn.mailmunch-alternative.example/site.js"></script>')).toEqual([]);
  });

  it('skips value patterns it cannot check and names too short to stand alone', () => {
    expect(detect(script('var pinnedVersion = "4.1";'))).toEqual([]);
    expect(detect(script("var ga = function(){}; ga('create', 'UA-1');"))).toEqual([]);
  });

  it('shows the defining code as js evidence', () => {
    const [hubspot] = detectSoftwareFromHtml(
      { url: 'https://www.example-shop.de/', html: script('var _hsq = _hsq || [];') },
      fp,
    );
    expect(hubspot?.evidence[0]).toMatchObject({ type: 'js', match: expect.stringContaining('var _hsq') });
  });
});
