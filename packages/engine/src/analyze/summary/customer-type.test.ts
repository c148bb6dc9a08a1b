import { describe, expect, it } from 'vitest';
import { pageFromHtml } from '../../crawl/page';
import { summarizeSite } from './summarize';

const site = (url: string, head: string, body: string) =>
  summarizeSite([
    pageFromHtml({
      url,
      role: 'home',
      html: `<html lang="en"><head>${head}</head><body>${body}</body></html>`,
    }),
  ]);

describe('customer type', () => {
  it('calls software for hospitals B2B, though its pages speak of patients', async () => {
    const summary = await site(
      'https://www.clinisearch.io/',
      '<title>CliniSearch – search software for hospitals</title><meta name="description" content="Find the right patients for every clinical trial in seconds. Our search engine reads the medical records of your hospital.">',
      `<main><h1>Search software for hospitals</h1>
       <p>Hospitals and university clinics use CliniSearch to find patients for trials. Our software integrates with
       the electronic patient record and keeps patient data inside the hospital.</p>
       <h2>For clinics of every size</h2><p>Request a demo and our team shows you the integration.</p></main>`,
    );
    expect(summary.industry).toBe('Software & IT services');
    expect(summary.customer_type).toBe('B2B');
  });

  it('still calls a practice that treats patients B2C', async () => {
    const summary = await site(
      'https://www.physio-am-markt.de/',
      '<title>Physiotherapie am Markt</title>',
      `<main><h1>Physiotherapie am Markt</h1><p>Unsere Patienten behandeln wir mit Krankengymnastik, Massage und
       Lymphdrainage. Termine für Privatpatienten und gesetzlich Versicherte, auch Hausbesuche für Familien.</p></main>`,
    );
    expect(summary.industry).toBe('Healthcare & medical practices');
    expect(summary.customer_type).toBe('B2C');
  });
});
