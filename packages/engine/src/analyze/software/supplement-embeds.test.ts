/**
 * Supplement entries for how small sites embed maps, forms, consent tools, CAPTCHAs and scripts, where the data's
 * pattern is narrower than the page's proof: each fires on the embed as such sites write it, and not on the near
 * miss beside it (a link to a map, a template's placeholder form, another file of the same name's start).
 */
import { describe, expect, it } from 'vitest';
import { detectSoftwareFromHtml } from './detect';

const page = (head: string, body = '') =>
  `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>Kontakt</title>${head}</head><body>${body}</body></html>`;
const names = (html: string) =>
  detectSoftwareFromHtml({ url: 'https://www.betrieb-beispiel.de/kontakt', html }).map((d) => d.name);

describe('supplement: embeds the data reads too narrowly', () => {
  it('Google Maps loaded later (data-src, data-cookie-src) or from maps.google.…; a link to a map is none', () => {
    const lazy = '<iframe data-src="https://www.google.com/maps?q=Helmond&output=embed"></iframe>';
    const consent =
      '<iframe data-cookie-src="https://www.google.com/maps?q=Carrer+Major+74,+Lleida&z=16&output=embed"></iframe>';
    const old = '<iframe src="https://maps.google.com/maps?q=Dieselstra%C3%9Fe%206&output=embed"></iframe>';
    for (const body of [lazy, consent, old]) expect(names(page('', body))).toContain('Google Maps');
    const link = '<a href="https://www.google.com/maps/search/?api=1&query=Hotel+Weinberg">Route</a>';
    expect(names(page('', link))).not.toContain('Google Maps');
  });

  it('forms posted to FormSubmit, Formspree (also by fetch) and embedded from Jotform; a placeholder is none', () => {
    expect(
      names(page('', '<form action="https://formsubmit.co/office@example.at" method="POST"></form>')),
    ).toContain('FormSubmit');
    expect(
      names(
        page(
          '',
          "<script>fetch('https://formsubmit.co/ajax/office@example.com', { method: 'POST' })</script>",
        ),
      ),
    ).toContain('FormSubmit');
    expect(
      names(page('', "<script>fetch('https://formspree.io/f/maqreebb', { method: 'POST' })</script>")),
    ).toContain('Formspree');
    expect(names(page('', "<script>fetch('https://formspree.io/f/xxxxxxx')</script>"))).not.toContain(
      'Formspree',
    );
    expect(names(page('', '<iframe src="https://form.jotform.com/261613791346056"></iframe>'))).toContain(
      'Jotform',
    );
    expect(
      names(page('', '<iframe src="https://858d8474.sibforms.com/serve/MUIFAKl2" width="540"></iframe>')),
    ).toContain('Sendinblue');
  });

  it('consent and CAPTCHA: tarteaucitron.js, Cloudflare Turnstile, ALTCHA', () => {
    const tac =
      '<script src="https://cdn.jsdelivr.net/npm/tarteaucitronjs@1.9.0/tarteaucitron.min.js"></script>';
    expect(names(page(tac))).toContain('tarteaucitron.js');
    expect(
      names(page('<script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async></script>')),
    ).toContain('Cloudflare Turnstile');
    expect(names(page('<script src="../lib/altcha/altcha.min.js" type="module"></script>'))).toContain(
      'ALTCHA',
    );
    expect(names(page('', '<altcha-widget challengeurl="/api/captcha"></altcha-widget>'))).toContain(
      'ALTCHA',
    );
  });

  it('scripts and styles under other names: Elfsight, jQuery Mobile, Axios, Lenis, Animate.css, Font Awesome', () => {
    expect(names(page('<script src="https://elfsightcdn.com/platform.js" async></script>'))).toContain(
      'Elfsight',
    );
    expect(names(page('<script src="js/jquery.mobile.customized.min.js"></script>'))).toContain(
      'jQuery Mobile',
    );
    expect(
      names(page('<script src="https://cdn.jsdelivr.net/npm/axios/dist/axios.min.js"></script>')),
    ).toContain('Axios');
    const lenis =
      '<script src="https://cdn.jsdelivr.net/npm/@studio-freight/lenis@1.0.42/dist/lenis.min.js"></script>';
    expect(names(page(lenis))).toContain('Lenis');
    expect(names(page('<link rel="stylesheet" href="css/animate.css">'))).toContain('Animate.css');
    expect(names(page('<link rel="stylesheet" href="/css/animate-custom.css">'))).not.toContain(
      'Animate.css',
    );
    const fa =
      '<link rel="stylesheet" href="https://cdnjs.cloudflare.com/ajax/libs/font-awesome/6.0.0-beta3/css/all.min.css">';
    expect(names(page(fa))).toContain('Font Awesome');
  });
});
