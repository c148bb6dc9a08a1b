import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeBusiness } from '../../../testing/factories';
import { renderPage, stubIdentityProvider } from '../../../testing/render-page';
import { BusinessDrawer } from './BusinessDrawer';

beforeEach(() => {
  stubIdentityProvider();
});

// A hotel merged with its own restaurant: the merge keeps the outlet's name, both numbers, both sites.
const schloss = makeBusiness({
  name: 'Schloss Lieser',
  website: 'https://www.schlosslieser.de/',
  domain: 'schlosslieser.de',
  phone: '+4965318840',
  category: 'hotel',
  categories: ['hotel', 'restaurant', 'bar'],
  aliases: ['Restaurant Puricelli', 'Schloss Lieser'],
  phones: ['+4965318840', '+49653188464'],
  websites: [
    'https://www.schlosslieser.de/',
    'https://www.schlosslieser.de/restaurant',
    'javascript:alert(1)',
  ],
  source: 'osm',
  sources: [{ source: 'osm', source_ref: 'way/123' }],
});

async function openDrawer(business = schloss) {
  renderPage(<BusinessDrawer business={business} onClose={() => {}} />);
  return screen.findByTestId('business-details', {}, { timeout: 8_000 });
}

const fact = (details: HTMLElement, label: string) => {
  const labelText = within(details).getByText(label, { selector: 'p' });
  return labelText.parentElement as HTMLElement;
};

describe('business drawer: what a merge kept', () => {
  it('shows every other name, every category (main first), every phone and every website', async () => {
    const details = await openDrawer();
    const contact = within(details).getByRole('region', { name: 'Contact and place' });

    // The business's own name is not repeated as an alias.
    const aliases = fact(contact, 'Also known as');
    expect(within(aliases).getByText('Restaurant Puricelli')).toBeTruthy();
    expect(within(aliases).queryByText('Schloss Lieser')).toBeNull();

    expect(fact(contact, 'Categories').textContent).toContain('hotel · also restaurant, bar');

    const phones = fact(contact, 'Phones');
    // Grouped to read, each a link to call the stored number.
    expect(within(phones).getByRole('link', { name: '+49 6531 8840' }).getAttribute('href')).toBe(
      'tel:+4965318840',
    );
    expect(within(phones).getByRole('link', { name: '+49 6531 88464' }).getAttribute('href')).toBe(
      'tel:+49653188464',
    );

    // Each site once (the main one was listed twice), links only for http(s) addresses.
    const websites = fact(contact, 'Websites');
    const links = within(websites).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://www.schlosslieser.de/',
      'https://www.schlosslieser.de/restaurant',
    ]);
    expect(links.map((link) => link.textContent)).toEqual([
      'schlosslieser.de',
      'schlosslieser.de/restaurant',
    ]);
    expect(within(websites).getByText('javascript:alert(1)').closest('a')).toBeNull();
  });

  it('keeps the single-value labels for a business that was never merged', async () => {
    const details = await openDrawer(
      makeBusiness({
        name: 'Café Mosel',
        phone: '+4965311234',
        category: 'cafe',
        website: 'https://cafe.example/',
      }),
    );
    expect(within(details).getByText('Phone', { selector: 'p' })).toBeTruthy();
    expect(within(details).getByText('Website', { selector: 'p' })).toBeTruthy();
    expect(within(details).getByText('Category', { selector: 'p' })).toBeTruthy();
    expect(within(details).queryByText('Also known as')).toBeNull();
    expect(within(details).queryByText('Closed')).toBeNull();
  });

  it('writes the address in the order its country does, and names the line of the file a row came from', async () => {
    const details = await openDrawer(
      makeBusiness({
        name: 'The Gyro Shop',
        address: '8549 Gaylord Pkwy #111',
        postal_code: '75034',
        city: 'Frisco',
        region: 'TX',
        country: 'US',
        source: 'import',
        source_ref: 'line/2',
      }),
    );
    const address = fact(details, 'Address');
    expect(address.textContent).toContain('8549 Gaylord Pkwy #111, Frisco, TX 75034, US');
    expect(within(address).getByTestId('fact-source').textContent).toContain('CSV, line 2');
  });

  it("shows beside its source the address of a branch merged into the business, not the business's own again", async () => {
    const details = await openDrawer(
      makeBusiness({
        name: 'The Gyro Shop',
        address: '8549 Gaylord Pkwy, Frisco, TX 75034',
        city: 'Frisco',
        country: 'US',
        source: 'import',
        source_ref: 'line/2',
        sources: [
          { source: 'import', source_ref: 'line/2', address: '8549 Gaylord Pkwy, Frisco, TX 75034' },
          { source: 'import', source_ref: 'line/9', address: '6909 Coit Rd, 75023 Plano' },
        ],
      }),
    );
    const sources = within(details).getByRole('region', { name: 'Sources' });
    expect(
      within(sources)
        .getAllByTestId('source-address')
        .map((line) => line.textContent),
    ).toEqual(['at 6909 Coit Rd, 75023 Plano']);
  });

  it('offers the contacts the website gave as links, labelled, and the imported line as "Line 13"', async () => {
    const site = 'https://www.lehmann-bau.com/';
    const details = await openDrawer(
      makeBusiness({
        name: 'Lehmann Bau',
        source: 'import',
        source_ref: 'line/13',
        sources: [{ source: 'import', source_ref: 'line/13' }],
        details: {
          contacts: [
            { kind: 'email', value: 'info@lehmann-bau.com', source_url: site },
            { kind: 'phone', value: '+4987833319985', source_url: site },
            { kind: 'social', value: 'https://www.facebook.com/lehmannbau', source_url: site },
            { kind: 'opening_hours', value: 'Mo-Fr 07:00-17:00', source_url: site },
          ],
        },
      }),
    );
    const contacts = within(details).getByRole('region', { name: 'Contacts found on the website' });
    expect(
      within(fact(contacts, 'Email'))
        .getByRole('link', { name: 'info@lehmann-bau.com' })
        .getAttribute('href'),
    ).toBe('mailto:info@lehmann-bau.com');
    expect(
      within(fact(contacts, 'Phone')).getByRole('link', { name: '+49 8783 3319985' }).getAttribute('href'),
    ).toBe('tel:+4987833319985');
    const profile = within(fact(contacts, 'Social profile')).getByRole('link', {
      name: 'https://www.facebook.com/lehmannbau',
    });
    expect(profile.getAttribute('href')).toBe('https://www.facebook.com/lehmannbau');
    expect(fact(contacts, 'Opening hours').textContent).toContain('Mo-Fr 07:00-17:00');

    const sources = within(details).getByRole('region', { name: 'Sources' });
    expect(within(sources).getByText('Line 13')).toBeTruthy();
    expect(within(sources).queryByText('line/13')).toBeNull();
  });

  it('says clearly that a closed business is closed, not that its enrichment failed', async () => {
    const details = await openDrawer(
      makeBusiness({
        name: 'Uschis Pilsbar',
        is_closed: true,
        enrichment_state: 'skipped',
        enrichment_error: 'Closed for good, as the imported file says: not enriched unless asked for.',
      }),
    );
    expect(within(details).getByText('Closed')).toBeTruthy();
    expect(within(details).getByTestId('closed-note').textContent).toMatch(/^Closed for good/);
    expect(within(details).queryByText(/Enrichment failed/)).toBeNull();
  });

  it('says a business with nothing to crawl was not enriched, not that its enrichment failed', async () => {
    const details = await openDrawer(
      makeBusiness({
        name: 'No Website Plumbing',
        enrichment_state: 'skipped',
        enrichment_error: 'no website to crawl',
      }),
    );
    expect(within(details).getByText('Not enriched: no website to crawl')).toBeTruthy();
    expect(within(details).queryByText(/Enrichment failed/)).toBeNull();
  });
});

describe('business drawer: its details are read by id', () => {
  it('shows the table row at once and says the details are coming while they are read', async () => {
    renderPage(<BusinessDrawer business={schloss} details="loading" onClose={() => {}} />);
    expect(
      await screen.findByText('Loading people, contacts and the pages found…', {}, { timeout: 8_000 }),
    ).toBeTruthy();
    expect(screen.getByTestId('business-details')).toBeTruthy();
    expect(screen.queryByText('The details of this business could not be loaded')).toBeNull();
  });

  it('says when the details could not be read, and still shows the row', async () => {
    renderPage(<BusinessDrawer business={schloss} details="error" onClose={() => {}} />);
    expect(
      await screen.findByText('The details of this business could not be loaded', {}, { timeout: 8_000 }),
    ).toBeTruthy();
    expect(screen.getByTestId('business-details')).toBeTruthy();
    expect(screen.queryByText('Loading people, contacts and the pages found…')).toBeNull();
  });
});
