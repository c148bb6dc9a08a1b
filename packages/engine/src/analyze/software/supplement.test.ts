/**
 * Our supplement to the fingerprint data (fingerprints.supplement.json), with the real data: each addition fires
 * on markup modelled on how real sites embed the product, and each override no longer fires on the near miss it
 * was written for.
 */
import { describe, expect, it } from 'vitest';
import { detectSoftwareFromHtml } from './detect';

const WORDPRESS = '<meta name="generator" content="WordPress 6.1.1" />';
const page = (head: string, body = '') =>
  `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>Start</title>${head}</head><body>${body}</body></html>`;
const names = (html: string, url = 'https://www.beispiel-handwerk.de/') =>
  detectSoftwareFromHtml({ url, html }).map((d) => d.name);

describe('supplement: products the data misses', () => {
  it('Facebook SDK from the standard async snippet', () => {
    const snippet = `<div id="fb-root"></div><script>(function(d, s, id) { var js, fjs = d.getElementsByTagName(s)[0];
      if (d.getElementById(id)) return; js = d.createElement(s); js.id = id;
      js.src = "//connect.facebook.net/de_DE/sdk.js#xfbml=1&version=v9.0"; fjs.parentNode.insertBefore(js, fjs);
      }(document, 'script', 'facebook-jssdk'));</script>`;
    expect(names(page('', snippet))).toContain('Facebook SDK');
    // The Pixel loads from the same host: it is the Pixel, not the SDK.
    const pixel = '<script async src="https://connect.facebook.net/en_US/fbevents.js"></script>';
    expect(names(page(pixel))).not.toContain('Facebook SDK');
  });

  it('Adobe Fonts from a kit script, the async embed code and @font-face URLs, not from a comment', () => {
    expect(names(page('<script src="https://use.typekit.net/abc1def.js"></script>'))).toContain(
      'Adobe Fonts',
    );
    const asyncEmbed = `<script>(function(d) { var config = { kitId: 'xyz1234', scriptTimeout: 3000, async: true },
      h=d.documentElement,tk=d.createElement("script");tk.src='https://use.typekit.net/'+config.kitId+'.js';
      })(document);</script>`;
    expect(names(page(asyncEmbed))).toContain('Adobe Fonts');
    const fontFace =
      '<style>@font-face{font-family:"museo";src:url("https://use.typekit.net/af/f7c91f/0000/27/l?primer=7") format("woff2");}</style>';
    expect(names(page(fontFace))).toContain('Adobe Fonts');
    expect(names(page('<!-- <script src="//use.typekit.net/wkl1dtz.js"></script> -->'))).not.toContain(
      'Adobe Fonts',
    );
  });

  it('Jetpack from its stats script on a WordPress site', () => {
    const stats = "<script src='https://stats.wp.com/e-202301.js' defer></script>";
    expect(names(page(WORDPRESS + stats))).toContain('Jetpack');
    expect(
      names(page(`${WORDPRESS}<script src="https://stats.example.com/e-202301.js"></script>`)),
    ).not.toContain('Jetpack');
  });

  it('Mailchimp from a signup form posting to list-manage.com', () => {
    const form =
      '<form action="https://acme.us17.list-manage.com/subscribe/post?u=1350489&amp;id=2f1" method="post"><input type="email" name="EMAIL"></form>';
    expect(names(page('', form))).toContain('MailChimp');
    expect(names(page('', '<form action="https://acme.example/newsletter/subscribe"></form>'))).not.toContain(
      'MailChimp',
    );
  });

  it('Jimdo from assets.jimstatic.com and window.jimdoData', () => {
    const jimdo =
      '<script src="https://assets.jimstatic.com/ckies.js.5d80ddd8bf8162834c88.js"></script><script>var jimdoData = {"isTestserver":false,"cstok":""};</script>';
    expect(names(page(jimdo))).toContain('Jimdo');
    expect(names(page('<script>var jimdoDataLayer = [];</script>'))).not.toContain('Jimdo');
  });

  it('WPBakery from its js_composer folder and its old Visual Composer generator', () => {
    const plugin =
      "<script src='https://www.example.de/wp-content/plugins/js_composer/assets/js/dist/js_composer_front.min.js?ver=6.0.5'></script>";
    expect(names(page(WORDPRESS + plugin))).toContain('wpBakery');
    const old =
      '<meta name="generator" content="Powered by Visual Composer - drag and drop page builder for WordPress."/>';
    expect(names(page(WORDPRESS + old))).toContain('wpBakery');
  });

  it('Matomo from its tracking snippet (_paq and piwik.php)', () => {
    const snippet = `<!-- Piwik --><script>var _paq = _paq || []; _paq.push(['trackPageView']);
      (function() { var u="//stats.example.de/"; _paq.push(['setTrackerUrl', u+'piwik.php']); })();</script>`;
    const found = names(page(snippet));
    expect(found).toContain('Matomo Analytics');
    expect(found).not.toContain('Piwik PRO Core');
  });

  it('Bootstrap from its grid stylesheet and its plugin events, not from a widget folder named bootstrap', () => {
    const grid =
      "<link rel='stylesheet' href='https://www.example.com/wp-content/plugins/shapepress-dsgvo/public/css/bootstrap-grid.min.css?ver=3.1.1' />";
    expect(names(page(grid))).toContain('Bootstrap');
    const events =
      "<script>$('.navbar-contextual').on('affix.bs.affix', function() { $('.navmenu').css('top', ''); });</script>";
    expect(names(page(events))).toContain('Bootstrap');
    const trustpilot =
      '<script async src="//widget.trustpilot.com/bootstrap/v5/tp.widget.sync.bootstrap.min.js"></script>';
    const found = names(page(trustpilot));
    expect(found).toContain('Trustpilot');
    expect(found).not.toContain('Bootstrap');
  });

  it('Next.js (and the React it renders) from __NEXT_DATA__ and /_next/static/', () => {
    const next =
      '<link rel="stylesheet" href="/_next/static/css/7958332b.css"><div id="__next"></div><script id="__NEXT_DATA__" type="application/json">{"props":{}}</script>';
    const found = names(page('', next));
    expect(found).toEqual(expect.arrayContaining(['Next.js', 'React']));
  });
});

describe('supplement: data patterns that matched far more than their product', () => {
  it('a cookie consent script is not Onsen UI', () => {
    expect(names(page('<script src="/js/cookieconsent.min.js"></script>'))).not.toContain('Onsen UI');
    expect(names(page('<script src="/lib/onsenui/js/onsenui.min.js"></script>'))).toContain('Onsen UI');
  });

  it('another plugin’s accessible-megamenu.js is not Max Mega Menu', () => {
    const other =
      "<script src='https://x.de/wp-content/plugins/oxyextras/components/assets/accessible-megamenu.js'></script>";
    expect(names(page(WORDPRESS + other))).not.toContain('Max Mega Menu');
    const own =
      "<script src='https://x.de/wp-content/plugins/megamenu/js/maxmegamenu.js?ver=2.9.5'></script>";
    expect(names(page(WORDPRESS + own))).toContain('Max Mega Menu');
  });

  it('Google Publisher Tag is not DoubleClick Floodlight; gtag.js is Google Analytics, not Tag Manager', () => {
    const gpt = names(
      page('<script async src="https://securepubads.g.doubleclick.net/tag/js/gpt.js"></script>'),
    );
    expect(gpt).toContain('Google Publisher Tag');
    expect(gpt).not.toContain('DoubleClick Floodlight');
    const gtag = names(
      page('<script async src="https://www.googletagmanager.com/gtag/js?id=UA-2730358-1"></script>'),
    );
    expect(gtag).toContain('Google Analytics');
    expect(gtag).not.toContain('Google Tag Manager');
    const gtm = `<script>(function(w,d,s,l,i){var f=d.getElementsByTagName(s)[0],j=d.createElement(s);
      j.src='https://www.googletagmanager.com/gtm.js?id='+i;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','GTM-WGJ2Q8C');</script>`;
    expect(names(page(gtm))).toContain('Google Tag Manager');
  });

  it('a WhatsApp share button is not WhatsApp Business chat; a click-to-chat link is', () => {
    const share =
      '<a href="https://api.whatsapp.com/send?text=https%3A%2F%2Fwww.example.de%2Fblog%2F" title="Bei Whatsapp teilen">WhatsApp</a>';
    expect(names(page('', share))).not.toContain('WhatsApp Business Chat');
    const chat =
      '<a href="https://api.whatsapp.com/send?phone=4915112345678&text=Hallo">Schreiben Sie uns</a>';
    expect(names(page('', chat))).toContain('WhatsApp Business Chat');
    expect(names(page('', '<a href="https://wa.me/4915112345678">WhatsApp</a>'))).toContain(
      'WhatsApp Business Chat',
    );
  });

  it('a dns-prefetch or preconnect hint is no evidence of the product', () => {
    const hints =
      '<link rel="dns-prefetch" href="https://px.ads.linkedin.com"><link rel="preconnect" href="https://fonts.gstatic.com/" crossorigin>';
    const found = names(page(hints));
    expect(found).not.toContain('Linkedin Ads');
    expect(found).not.toContain('Google Font API');
    expect(
      names(page('<link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Lato">')),
    ).toContain('Google Font API');
  });
});
