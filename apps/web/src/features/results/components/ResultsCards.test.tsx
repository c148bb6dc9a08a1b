import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBusiness, makeInfo, SESSION_ID } from '../../../testing/factories';
import { json, type SentRequest } from '../../../testing/fake-api';
import { choose } from '../../../testing/mantine-select';
import { renderApp } from '../../../testing/render-app';
import { PHONE_QUERY } from './ResultsPage';

const INFO = `GET /api/user/session/${SESSION_ID}/info`;
const RESULTS = `GET /api/user/session/${SESSION_ID}/results`;

const gyroShop = makeBusiness({
  name: 'The Gyro Shop',
  website: 'https://www.thegyroshoptx.com/',
  domain: 'thegyroshoptx.com',
  phone: '+14692872159',
  city: 'Frisco',
  region: 'TX',
  category: 'Gyro restaurant',
  icp_tier: 'A',
  icp_score: 86.4,
  enrichment_state: 'done',
});
// No phone in the record; its website gave one (enrichment).
const soulard = makeBusiness({ name: 'Soulard Gyro', city: 'Plano', website_phone: '+14692870000' });

/** A phone's screen: Mantine's media query for widths below `sm` matches, every other query does not. */
function onAPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === PHONE_QUERY,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

function setUp(items = [gyroShop, soulard], total = 120) {
  return {
    [INFO]: () =>
      json(200, makeInfo({ status: 'completed', counts: { businesses: total, by_enrichment_state: {} } })),
    [RESULTS]: ({ query }: SentRequest) =>
      json(200, { items, total, page: Number(query.get('page')), pageSize: Number(query.get('pageSize')) }),
  };
}

const card = async (name: string) =>
  (await screen.findByRole('button', { name: `Details of ${name}` })).closest(
    '[data-testid="business-card"]',
  ) as HTMLElement;

const resultQueries = (sent: SentRequest[]) =>
  sent
    .filter((request) => request.path.endsWith('/results'))
    .map((request) => Object.fromEntries(request.query));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  onAPhone();
});

describe('the results on a phone', () => {
  it('shows each business as a card with its key facts, and no table', async () => {
    renderApp(`/results?session_id=${SESSION_ID}`, setUp());
    const shop = await card('The Gyro Shop');
    expect(screen.queryByRole('table', { name: 'Businesses' })).toBeNull();
    expect(screen.getAllByTestId('business-card')).toHaveLength(2);
    const inShop = within(shop);
    expect(inShop.getByTestId('business-card-name').textContent).toBe('The Gyro Shop');
    const website = inShop.getByRole('link', { name: 'thegyroshoptx.com' });
    expect(website.getAttribute('href')).toBe('https://www.thegyroshoptx.com/');
    expect(website.getAttribute('title')).toBe('https://www.thegyroshoptx.com/');
    expect(inShop.getByRole('link', { name: '+1 469 287 2159' }).getAttribute('href')).toBe(
      'tel:+14692872159',
    );
    expect(inShop.getByText('Frisco, TX · Gyro restaurant')).toBeTruthy();
    expect(inShop.getByLabelText('Tier A')).toBeTruthy();
    expect(inShop.getByText('86')).toBeTruthy();
    expect(inShop.getByText('Enriched')).toBeTruthy();
    expect(inShop.getByRole('checkbox', { name: 'Select The Gyro Shop' })).toBeTruthy();

    const other = within(await card('Soulard Gyro'));
    expect(other.getByRole('link', { name: '+1 469 287 0000' }).getAttribute('href')).toBe(
      'tel:+14692870000',
    );
    expect(other.getByText('phone from its website')).toBeTruthy();
    expect(other.getByText('Not enriched')).toBeTruthy();
    expect(other.queryByRole('link', { name: /\.com$/ })).toBeNull();
  });

  it('opens the same business drawer as a row of the table', async () => {
    const { router } = renderApp(`/results?session_id=${SESSION_ID}`, setUp());
    fireEvent.click(await screen.findByRole('button', { name: 'Details of The Gyro Shop' }));
    const details = await screen.findByTestId('business-details');
    expect(within(details).getByRole('link', { name: 'thegyroshoptx.com' })).toBeTruthy();
    expect(within(screen.getByRole('dialog')).getAllByText('The Gyro Shop').length).toBeGreaterThan(0);
    expect(router.state.location.search).toMatchObject({ business: gyroShop.id });
    await waitFor(() => expect(cardById(gyroShop.id)?.getAttribute('data-open')).toBe('true'));
  });

  it('selects from the cards, sorts from the menu and pages as the table does', async () => {
    const { sent } = renderApp(`/results?session_id=${SESSION_ID}`, setUp());
    fireEvent.click(
      within(await card('The Gyro Shop')).getByRole('checkbox', { name: 'Select The Gyro Shop' }),
    );
    expect((await screen.findByTestId('selection-count')).textContent).toBe('1 business selected');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select page' }));
    expect(screen.getByTestId('selection-count').textContent).toMatch(/All 2 on this page are selected/);

    fireEvent.click(
      screen.getByRole('button', { name: 'Sorted by Default order, descending: sort ascending' }),
    );
    await waitFor(() => expect(resultQueries(sent).at(-1)).toMatchObject({ sortBy: 'id', sortOrder: 'asc' }));

    await choose(screen.getByRole('combobox', { name: 'Sort by' }), 'ICP');
    await waitFor(() =>
      expect(resultQueries(sent).at(-1)).toMatchObject({ sortBy: 'icp_score', sortOrder: 'desc' }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(resultQueries(sent).at(-1)).toMatchObject({ page: '1' }));
  });

  it('keeps the toolbar to the search, the filters, the export and a menu of the rest', async () => {
    renderApp(`/results?session_id=${SESSION_ID}`, setUp());
    await card('The Gyro Shop');
    const toolbar = screen.getByTestId('results-toolbar');
    expect(within(toolbar).getByRole('textbox', { name: 'Search businesses' })).toBeTruthy();
    expect(within(toolbar).getByRole('button', { name: 'Filters' })).toBeTruthy();
    expect(within(toolbar).getByRole('button', { name: /Export CSV/ })).toBeTruthy();
    expect(within(toolbar).queryByRole('button', { name: 'Columns' })).toBeNull();
    expect(within(toolbar).queryByRole('button', { name: /Export contacts/ })).toBeNull();
    fireEvent.click(within(toolbar).getByRole('button', { name: 'More actions' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: /Export contacts/ })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: /Reset view/ })).toBeTruthy();
  });

  it('shows the empty state instead of cards when the session found nothing', async () => {
    renderApp(`/results?session_id=${SESSION_ID}`, setUp([], 0));
    expect(await screen.findByText('This session found no businesses')).toBeTruthy();
    expect(screen.queryAllByTestId('business-card')).toHaveLength(0);
  });

  it('shows the error with a way to try again when the businesses cannot be loaded', async () => {
    renderApp(`/results?session_id=${SESSION_ID}`, {
      ...setUp(),
      [RESULTS]: () => json(500, { error: 'internal', message: 'Something went wrong' }),
    });
    expect(await screen.findByText('The businesses could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeTruthy();
    expect(screen.queryAllByTestId('business-card')).toHaveLength(0);
  });
});

function cardById(id: string) {
  return document.querySelector(`[data-testid="business-card"][data-row-id="${id}"]`);
}
