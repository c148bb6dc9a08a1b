/**
 * Supplement entries written where a fingerprint was narrower (or wider) than what real small-business pages show:
 * each fires on markup modelled on how such sites embed the product, and not on the near miss beside it.
 */
import { describe, expect, it } from 'vitest';
import { detectSoftwareFromHtml } from './detect';

const page = (head: string, body = '') =>
  `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>Inicio</title>${head}</head><body>${body}</body></html>`;
const names = (html: string, url = 'https://www.taller-ejemplo.com/') =>
  detectSoftwareFromHtml({ url, html }).map((d) => d.name);

describe('supplement: proof the data reads too narrowly', () => {
  it('Google Fonts and Adobe Fonts loaded by @import in a <style> block', () => {
    const google = `<style type="text/css">
            @import url('https://fonts.googleapis.com/css?family=Raleway:300,400,700');
            body { font-family: 'Raleway', sans-serif; }</style>`;
    expect(names(page(google))).toContain('Google Font API');
    const adobe =
      '<style>@import url("https://use.typekit.net/qhz4wlo.css"); h1 { font-family: museo; }</style>';
    expect(names(page(adobe))).toContain('Adobe Fonts');
    // A stylesheet of the site's own that merely names a font family is neither.
    expect(
      names(page('<style>@import url("/css/fonts.css"); body { font-family: Roboto; }</style>')),
    ).not.toContain('Google Font API');
  });

  it('Magento 1 from /skin/frontend/ stylesheets, /js/varien/ and its inline globals', () => {
    const skin =
      '<link rel="stylesheet" type="text/css" href="https://www.tienda.es/skin/frontend/default/mytheme/css/styles.css" media="all" />';
    expect(names(page(skin))).toContain('Magento');
    const inline = `<script type="text/javascript">//<![CDATA[
      Mage.Cookies.path     = '/';
      Mage.Cookies.domain   = '.tienda.es';
      //]]></script><form id="newsletter-validate-detail"></form><script>var newsletterSubscriberFormDetail = new VarienForm('newsletter-validate-detail');</script>`;
    expect(names(page('', inline))).toContain('Magento');
    expect(names(page('<script type="text/javascript" src="/js/varien/js.js"></script>'))).toContain(
      'Magento',
    );
    // Another shop's theme folder is not Magento's.
    expect(names(page('<link rel="stylesheet" href="/themes/frontend/css/style.css">'))).not.toContain(
      'Magento',
    );
  });

  it('FancyBox from a versioned WordPress script, fancyBox 5 and its stylesheet', () => {
    const wp =
      "<script src='https://www.ejemplo.com/wp-content/plugins/easy-fancybox/fancybox/1.5.4/jquery.fancybox.min.js?ver=5.2.1'></script>";
    expect(names(page(wp))).toContain('FancyBox');
    const v5 =
      '<script src="https://cdn.jsdelivr.net/npm/@fancyapps/ui@5.0/dist/fancybox/fancybox.umd.js"></script>';
    expect(names(page(v5))).toContain('FancyBox');
    const css =
      "<link rel='stylesheet' id='fancybox-css' href='/wp-content/plugins/fancybox/jquery.fancybox.min.css' />";
    expect(names(page(css))).toContain('FancyBox');
  });

  it('LinkedIn Insight Tag from its noscript pixel and partner-id list', () => {
    const pixel =
      '<noscript><img height="1" width="1" style="display:none;" alt="" src="https://px.ads.linkedin.com/collect/?pid=4462321&fmt=gif" /></noscript>';
    expect(names(page('', pixel))).toContain('Linkedin Insight Tag');
    const ids =
      '<script>window._linkedin_data_partner_ids = window._linkedin_data_partner_ids || []; window._linkedin_data_partner_ids.push("4462321");</script>';
    expect(names(page(ids))).toContain('Linkedin Insight Tag');
  });

  it('Google Analytics from the classic ga.js snippet that writes its own script tag', () => {
    const classic = `<script type="text/javascript">
      var gaJsHost = (("https:" == document.location.protocol) ? "https://ssl." : "http://www.");
      document.write(unescape("%3Cscript src='" + gaJsHost + "google-analytics.com/ga.js' type='text/javascript'%3E%3C/script%3E"));
      </script>`;
    expect(names(page('', classic))).toContain('Google Analytics');
  });

  it('Formspree from a form posting to formspree.io, not a template placeholder', () => {
    const form = '<form action="https://formspree.io/f/mojjwwyz" method="POST"><input name="email"></form>';
    expect(names(page('', form))).toContain('Formspree');
    const placeholder = '<form action="https://formspree.io/f/xxxxxxx" method="POST"></form>';
    expect(names(page('', placeholder))).not.toContain('Formspree');
  });

  it('GSAP 3 from a CDN or the site folder, with its version; Lucide from its UMD build and data-lucide', () => {
    const cdn = names(
      page('<script src="https://cdnjs.cloudflare.com/ajax/libs/gsap/3.12.5/gsap.min.js"></script>'),
    );
    expect(cdn).toContain('GSAP');
    const found = detectSoftwareFromHtml({
      url: 'https://a.example/',
      html: page('<script src="https://cdn.jsdelivr.net/npm/gsap@3.12.5/dist/gsap.min.js"></script>'),
    }).find((d) => d.name === 'GSAP');
    expect(found?.version).toBe('3.12.5');
    expect(names(page('<script src="assets/js/vendor/gsap.min.js"></script>'))).toContain('GSAP');
    expect(names(page('<script src="/js/gsap-init.js"></script>'))).not.toContain('GSAP');
    const lucide = '<script src="https://unpkg.com/lucide@0.460.0/dist/umd/lucide.min.js"></script>';
    expect(names(page(lucide))).toContain('Lucide');
    expect(names(page('', '<i data-lucide="phone"></i>'))).toContain('Lucide');
  });
});

describe('supplement: data patterns wider than their product', () => {
  it('an empty Google Tag Manager comment pair is not Tag Manager; the container is', () => {
    const empty = '<!-- Google Tag Manager --><!-- End Google Tag Manager -->';
    expect(
      names(page(empty, '<!-- Google Tag Manager (noscript) --><!-- End Google Tag Manager (noscript) -->')),
    ).not.toContain('Google Tag Manager');
    const noscript =
      '<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-K7ZQ3P" height="0" width="0" style="display:none;visibility:hidden"></iframe></noscript>';
    expect(names(page('', noscript))).toContain('Google Tag Manager');
  });

  it('a Wix image in JSON-LD is not a Wix shop', () => {
    const jsonLd =
      '<script type="application/ld+json">{"@type":"Organization","logo":"https://static.wixstatic.com/media/5faddc_e50d~mv2.png"}</script>';
    expect(names(page(jsonLd))).not.toContain('Wix eCommerce');
  });

  it('a gallery’s rel="prettyPhoto[…]" is not prettyPhoto; its script is', () => {
    const rel =
      '<a class="jet-woo-product-gallery__image-link" href="/wp-content/uploads/2024/05/a.jpg" rel="prettyPhoto[jet-gallery]">foto</a>';
    expect(names(page('', rel))).not.toContain('prettyPhoto');
    expect(names(page('<script src="/js/jquery.prettyPhoto.js"></script>'))).toContain('prettyPhoto');
  });

  it('a link to /carta-… is no cart; a link to /cart/ is', () => {
    const carta = '<a href="/carta-tachigrafica-cose-come-richiederla/">Carta tachigrafica</a>';
    expect(names(page('', carta))).not.toContain('Cart Functionality');
    expect(names(page('', '<a href="/cart/">Carrito</a>'))).toContain('Cart Functionality');
  });
});

describe('a generator meta names its product first', () => {
  const generator = (content: string) => names(page(`<meta name="generator" content="${content}">`));

  it('a product named inside the name of the site’s developer is not detected', () => {
    expect(generator('Diseño y desarrollo web: Amaya Soluciones Digitales')).not.toContain('Amaya');
    expect(generator('Estudio Bluefish Comunicación')).not.toContain('Bluefish');
  });

  it('the product leading the value, a list item or a maker’s lead-in is', () => {
    expect(generator('Amaya 9.55')).toContain('Amaya');
    expect(generator('WordPress 6.4.2; Bluefish 2.2')).toContain('Bluefish');
    expect(generator('Powered by Slider Revolution 6.6.14 - responsive, Mobile-Friendly Slider')).toContain(
      'Slider Revolution',
    );
  });
});
