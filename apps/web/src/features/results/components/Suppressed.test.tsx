import { type BusinessPerson, SUPPRESSED_MARK } from '@argo/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeBusiness } from '../../../testing/factories';
import { renderPage, stubIdentityProvider } from '../../../testing/render-page';
import { DEFAULT_COLUMN_VISIBILITY } from '../column-choice';
import { BusinessDrawer } from './BusinessDrawer';
import { ResultsTable } from './ResultsTable';

beforeEach(() => {
  stubIdentityProvider();
});

const owner: BusinessPerson = {
  name: 'Max Huber',
  role: 'Inhaber',
  seniority: 'owner_founder',
  email: null,
  email_kind: null,
  email_mx: null,
  email_suppressed: true,
  suggested_email: null,
  phone: null,
  linkedin_url: null,
  source_url: 'https://brauhaus-isar.example/impressum',
  evidence: `Inhaber: Max Huber, ${SUPPRESSED_MARK}`,
  observed_at: '2026-05-04T10:00:00.000Z',
};

// A business as the API sends it when the account's suppression list covers its addresses: withheld and flagged.
const brauhaus = makeBusiness({
  name: 'Brauhaus Isar',
  source: 'import',
  sources: [{ source: 'import', source_ref: 'line 2' }],
  email: null,
  email_suppressed: true,
  website_email: null,
  website_email_suppressed: true,
  attributes: { owner_email: SUPPRESSED_MARK, notes: `Call Max (${SUPPRESSED_MARK}) after 5` },
  details: {
    people: [owner],
    contacts: [
      {
        kind: 'email',
        value: SUPPRESSED_MARK,
        source_url: 'https://brauhaus-isar.example/kontakt',
        suppressed: true,
      },
      { kind: 'phone', value: '+49891234567', source_url: 'https://brauhaus-isar.example/kontakt' },
    ],
  },
});

const NOTE = 'Suppressed: never exported';

describe('suppressed addresses on the results page', () => {
  it('the drawer says where an address was withheld, and links to none', async () => {
    renderPage(
      <BusinessDrawer
        business={brauhaus}
        onClose={() => {}}
        attributeColumns={[
          { key: 'owner_email', label: 'Owner Email', type: 'text' },
          { key: 'notes', label: 'Notes', type: 'text' },
        ]}
      />,
    );
    const details = await screen.findByTestId('business-details', {}, { timeout: 8_000 });
    const contact = within(details).getByRole('region', { name: 'Contact and place' });
    expect(within(contact).getByText('Email', { selector: 'p' }).parentElement?.textContent).toContain(NOTE);

    const file = within(details).getByRole('region', { name: 'From your file' });
    const ownerEmail = within(file).getByText('Owner Email', { selector: 'p' }).parentElement as HTMLElement;
    expect(within(ownerEmail).getByText(NOTE)).toBeTruthy();
    expect(within(file).getByText(`Call Max (${SUPPRESSED_MARK}) after 5`)).toBeTruthy();

    const people = within(details).getByRole('listitem', { name: 'Max Huber' });
    expect(within(people).getByText(NOTE)).toBeTruthy();

    const website = within(details).getByRole('region', { name: 'Contacts found on the website' });
    expect(within(website).getByText(NOTE)).toBeTruthy();
    expect(within(website).getByRole('link', { name: '+49 89 1234567' })).toBeTruthy();

    const mailto = within(details)
      .queryAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('mailto:'));
    expect(mailto).toEqual([]);
  });

  it("the table's email cell says the address is suppressed instead of a dash", async () => {
    renderPage(
      <ResultsTable
        businesses={[brauhaus, makeBusiness({ name: 'No Mail GmbH', email: null })]}
        sort={{ sortBy: 'name', sortOrder: 'asc' }}
        onSortChange={() => {}}
        columnVisibility={{ ...DEFAULT_COLUMN_VISIBILITY, email: true }}
        selection={{}}
        onSelectionChange={() => {}}
        onOpenBusiness={() => {}}
      />,
    );
    const row = (await screen.findByText('Brauhaus Isar', {}, { timeout: 8_000 })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText(NOTE)).toBeTruthy();
    const other = screen.getByText('No Mail GmbH').closest('tr') as HTMLElement;
    expect(within(other).queryByText(NOTE)).toBeNull();
  });
});
