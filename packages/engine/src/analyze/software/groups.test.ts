/** What a technology means to a salesperson: business software against infrastructure and inferences. */
import { describe, expect, it } from 'vitest';
import { detectSoftwareFromHtml } from './detect';
import { ADD_ON_CATEGORIES, BUSINESS_CATEGORIES, groupOf, INFRASTRUCTURE_CATEGORIES } from './groups';

describe('groupOf', () => {
  it('business: a category someone chooses and pays for wins over an infrastructure one', () => {
    expect(groupOf('Shopify', [6])).toBe('business');
    expect(groupOf('Yoast SEO', [54, 87])).toBe('business');
    expect(groupOf('Tealium', [42, 97])).toBe('business');
  });

  it('infrastructure: languages, servers, CDNs, libraries, fonts and Miscellaneous (Open Graph, RSS)', () => {
    expect(groupOf('PHP', [27])).toBe('infrastructure');
    expect(groupOf('WP Rocket', [23, 87])).toBe('infrastructure');
    expect(groupOf('cdnjs', [31])).toBe('infrastructure');
    expect(groupOf('Google Font API', [17])).toBe('infrastructure');
    expect(groupOf('Open Graph', [19])).toBe('infrastructure');
    expect(groupOf('HSTS', [16])).toBe('infrastructure');
  });

  it('a plugin and nothing more specific is business; inferences and implications are infrastructure', () => {
    expect(groupOf('Jetpack', [87])).toBe('business');
    expect(groupOf('Cart Functionality', [6])).toBe('infrastructure');
    expect(groupOf('WordPress', [1, 11], true)).toBe('infrastructure');
  });

  it('every category of the data is in exactly one table, or falls back to infrastructure on purpose', () => {
    const tables = [BUSINESS_CATEGORIES, INFRASTRUCTURE_CATEGORIES, ADD_ON_CATEGORIES].map((t) =>
      Object.keys(t).map(Number),
    );
    const all = tables.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all).not.toContain(19); // Miscellaneous: decided by the fallback (infrastructure)
  });
});

describe('detections carry their group', () => {
  it('WordPress and its plugins are business; what WordPress implies and Open Graph are infrastructure', () => {
    const html = `<html><head><meta name="generator" content="WordPress 6.0.3" />
      <meta property="og:title" content="Batteriespeicher" />
      <script src="https://www.example.de/wp-content/plugins/contact-form-7/includes/js/index.js?ver=5.6.4"></script>
      </head><body></body></html>`;
    const groups = Object.fromEntries(
      detectSoftwareFromHtml({ url: 'https://www.example.de/', html }).map((d) => [d.name, d.group]),
    );
    expect(groups).toMatchObject({
      WordPress: 'business',
      'Contact Form 7': 'business',
      PHP: 'infrastructure',
      MySQL: 'infrastructure',
      'Open Graph': 'infrastructure',
    });
  });
});
