import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ids, makeBusiness, makeInfo, SESSION_ID } from '../../../testing/factories';
import { json } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import { columnChoiceKey } from '../column-choice';
import { bakery, RESULTS, resultQueries, rowsLoaded, setUp } from './results-page.fixtures';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('results filters', () => {
  it('reads filters from the address, sends them as the JSON the API takes, and writes changes back', async () => {
    const filters = { icp_tier: ['A', 'B'], hiring: true };
    const { router, sent } = renderApp(
      `/results?session_id=${SESSION_ID}&filters=${encodeURIComponent(JSON.stringify(filters))}`,
      setUp(),
    );
    await rowsLoaded();
    expect(JSON.parse(resultQueries(sent)[0]?.filters ?? 'null')).toEqual(filters);
    expect(router.state.location.search).toMatchObject({ filters });
    // The chips say what is in force; the panel opens with the address's filters shown.
    const inUse = screen.getByRole('list', { name: 'Filters in use' });
    expect(within(inUse).getByText('ICP tier: A, B')).toBeTruthy();
    expect(within(inUse).getByText('Hiring')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Tier A' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Tier C' }) as HTMLInputElement).checked).toBe(false);

    // "Has website" adds {present: true}; the page goes back to 0.
    fireEvent.click(
      within(screen.getByRole('radiogroup', { name: 'Website' })).getByLabelText('Has website'),
    );
    const withWebsite = { ...filters, website: { present: true } };
    await waitFor(() =>
      expect(JSON.parse(resultQueries(sent).at(-1)?.filters ?? 'null')).toEqual(withWebsite),
    );
    expect(router.state.location.search).toMatchObject({ filters: withWebsite });

    // Removing a chip drops that filter; a city filter is a case-insensitive {contains}.
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter ICP tier: A, B' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'City' }), { target: { value: 'Berl' } });
    const next = { hiring: true, website: { present: true }, city: { contains: 'Berl' } };
    await waitFor(() => expect(JSON.parse(resultQueries(sent).at(-1)?.filters ?? 'null')).toEqual(next));
    expect(router.state.location.search).toMatchObject({ filters: next });

    // "Clear filters" leaves no filters param at all, in the call and in the address.
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(resultQueries(sent).at(-1)?.filters).toBeUndefined());
    expect(router.state.location.search).toEqual({ session_id: SESSION_ID });
  });

  it('ignores filters the contract refuses instead of sending them', async () => {
    const { sent } = renderApp(
      `/results?session_id=${SESSION_ID}&filters=${encodeURIComponent('{"shoe_size":42}')}`,
      setUp(),
    );
    await rowsLoaded();
    expect(resultQueries(sent)[0]?.filters).toBeUndefined();
  });
});

describe('column choice', () => {
  it('hides a column, keeps the choice per user in localStorage, and restores it on the next visit', async () => {
    renderApp(`/results?session_id=${SESSION_ID}`, setUp());
    const table = await screen.findByRole('table', { name: 'Businesses' }, { timeout: 8_000 });
    expect(within(table).getByRole('columnheader', { name: 'Phone' })).toBeTruthy();
    expect(within(table).queryByRole('columnheader', { name: /Industry/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Phone' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Industry' }));
    await waitFor(() => expect(within(table).queryByRole('columnheader', { name: 'Phone' })).toBeNull());
    expect(within(table).getByRole('columnheader', { name: /Industry/ })).toBeTruthy();
    expect(within(table).getAllByText('Food & Beverage').length).toBeGreaterThan(0);
    const stored = JSON.parse(window.localStorage.getItem(columnChoiceKey(ids.me)) ?? '{}');
    expect(stored).toMatchObject({ phone: false, industry: true });
  });

  it('starts from the stored choice', async () => {
    window.localStorage.setItem(columnChoiceKey(ids.me), JSON.stringify({ website: false, software: true }));
    renderApp(`/results?session_id=${SESSION_ID}`, setUp());
    const table = await screen.findByRole('table', { name: 'Businesses' }, { timeout: 8_000 });
    await within(table).findByText('Brot & Butter', {}, { timeout: 8_000 });
    expect(within(table).queryByRole('columnheader', { name: /Website/ })).toBeNull();
    expect(within(table).getByRole('columnheader', { name: 'Software' })).toBeTruthy();
    expect(within(table).getByText('Shopify')).toBeTruthy();
    // The table shows the software the business chose; infrastructure stays in the drawer.
    expect(within(table).queryByText(/PHP/)).toBeNull();
  });
});

describe('the detail drawer', () => {
  it('shows every fact with the page it came from and when, the software evidence, roles and ICP reasons', async () => {
    const { router } = renderApp(`/results?session_id=${SESSION_ID}`, setUp());
    fireEvent.click(
      await screen.findByRole('button', { name: 'Details of Brot & Butter' }, { timeout: 8_000 }),
    );
    const details = await screen.findByTestId('business-details');
    expect(router.state.location.search).toMatchObject({ business: bakery.id });

    // The contact found on the website links to the page it was read from, with that page's fetch time.
    const contacts = within(details).getByRole('region', { name: 'Contacts found on the website' });
    expect(within(contacts).getByText('hello@brot.example')).toBeTruthy();
    const contactSource = within(contacts).getByRole('link', { name: 'https://brot.example/contact' });
    expect(contactSource.getAttribute('href')).toBe('https://brot.example/contact');
    expect(within(contacts).getByTestId('fact-source').textContent).toContain('2 Mar 2026');

    // Place facts come from the OSM node, observed when it was found.
    const place = within(details).getByRole('region', { name: 'Contact and place' });
    expect(
      within(place).getAllByRole('link', { name: 'https://www.openstreetmap.org/node/42' }).length,
    ).toBeGreaterThan(0);
    expect(within(place).getAllByText(/1 Mar 2026/).length).toBeGreaterThan(0);

    const software = within(details).getByRole('table', { name: 'Business software' });
    expect(within(software).queryByText('PHP')).toBeNull();
    const infrastructure = within(details).getByRole('table', { name: 'Infrastructure and inferences' });
    expect(within(infrastructure).getByText('PHP')).toBeTruthy();
    const shopify = within(software).getByText('Shopify').closest('tr') as HTMLElement;
    expect(within(shopify).getByText('2.0')).toBeTruthy();
    expect(within(shopify).getByText('90%')).toBeTruthy();
    expect(within(shopify).getByText('script src cdn.shopify.com/s/files')).toBeTruthy();

    const roles = within(details).getByRole('list', { name: 'Open roles' });
    expect(within(roles).getByRole('link', { name: 'Baker' }).getAttribute('href')).toBe(
      'https://brot.example/jobs/baker',
    );
    expect(within(details).getByText(/applicant tracking: Personio/)).toBeTruthy();

    const reasons = within(details).getByRole('list', { name: 'ICP reasons' });
    // Each criterion in words, not the API's key ("software_signals").
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Industry — industry: Food & Beverage', 'Software — none of "Shopify" detected']);
    expect(within(reasons).getByLabelText('matched')).toBeTruthy();
    expect(within(details).getByText('Summary (built-in summary)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Close details' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('business'));
  });
});

describe('untrusted links', () => {
  it('never turns a scraped javascript: address into a link', async () => {
    const hostile = makeBusiness({
      name: 'Hostile Shop',
      website: 'javascript:window.__xss=1',
      sources: [
        { source: 'competitor', source_ref: null, url: 'javascript:alert(1)', snippet: 'trusted by' },
      ],
      details: {
        careers: {
          url: 'javascript:alert(2)',
          ats: null,
          roles: [{ title: 'Clicker', department: null, location: null, url: 'javascript:alert(3)' }],
        },
      },
    });
    const handlers = setUp();
    handlers[RESULTS] = () => json(200, { items: [hostile], total: 1, page: 0, pageSize: 50 });
    renderApp(`/results?session_id=${SESSION_ID}&business=${hostile.id}`, handlers);
    const details = await screen.findByTestId('business-details', {}, { timeout: 8_000 });
    expect(within(details).getByText('Clicker')).toBeTruthy();
    expect(within(details).getAllByText(/javascript:alert\(1\)/).length).toBeGreaterThan(0);
    const hrefs = [...document.querySelectorAll('a[href]')].map((link) => link.getAttribute('href') ?? '');
    expect(hrefs.filter((href) => /^\s*javascript:/i.test(href))).toEqual([]);
  });
});

describe('enriching selected rows', () => {
  it('runs enrichment for the selected businesses and follows it on /enrichment-processing', async () => {
    const handlers = setUp();
    handlers['POST /api/enrichment/run'] = () =>
      json(202, { job_id: '00000000-0000-4000-8000-00000000a0b0', session: makeInfo({ status: 'queued' }) });
    handlers[`GET /api/user/session/${SESSION_ID}/info`] = () =>
      json(200, makeInfo({ status: 'completed', counts: { businesses: 2, by_enrichment_state: {} } }));
    const { router, sent } = renderApp(`/results?session_id=${SESSION_ID}`, handlers);
    await rowsLoaded();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Brot & Butter' }));
    expect(screen.getByTestId('selection-count').textContent).toBe('1 business selected');
    fireEvent.click(screen.getByRole('button', { name: 'Enrich selected' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/enrichment-processing'));
    expect(router.state.location.search).toEqual({ session_id: SESSION_ID });
    const run = sent.find((request) => request.path === '/api/enrichment/run');
    expect(run?.body).toEqual({ session_id: SESSION_ID, types: ['unified'], business_ids: [bakery.id] });
  });
});
