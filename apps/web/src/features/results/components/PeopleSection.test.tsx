import type { Business, BusinessPerson } from '@argo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBusiness, makeInfo, SESSION_ID } from '../../../testing/factories';
import { json, type SentRequest } from '../../../testing/fake-api';
import { choose } from '../../../testing/mantine-select';
import { renderApp } from '../../../testing/render-app';

const INFO = `GET /api/user/session/${SESSION_ID}/info`;
const RESULTS = `GET /api/user/session/${SESSION_ID}/results`;
const REMOVE = `POST /api/user/session/${SESSION_ID}/people/remove`;

const person = (over: Partial<BusinessPerson>): BusinessPerson => ({
  name: 'Anna Berg',
  role: 'Inhaberin',
  seniority: 'owner_founder',
  email: 'anna.berg@sonne.example',
  email_kind: 'personal',
  email_mx: 'found',
  email_suppressed: false,
  suggested_email: null,
  phone: '+4930123456',
  linkedin_url: 'https://www.linkedin.com/in/annaberg',
  source_url: 'https://sonne.example/impressum',
  evidence: 'Inhaberin: Anna Berg',
  observed_at: '2026-05-04T10:00:00.000Z',
  ...over,
});

function sonne(people: BusinessPerson[]): Business {
  return makeBusiness({
    name: 'Bäckerei Sonne',
    decision_maker: true,
    primary_contact: {
      name: 'Anna Berg',
      role: 'Inhaberin',
      seniority: 'owner_founder',
      email: 'anna.berg@sonne.example',
      phone: '+4930123456',
      linkedin_url: null,
      source_url: 'https://sonne.example/impressum',
    },
    details: {
      people,
      emails: [],
      company: {
        legal_name: null,
        legal_form: { value: 'GmbH', source_url: 'https://sonne.example/impressum', evidence: 'Sonne GmbH' },
        register: {
          value: { court: 'Amtsgericht Charlottenburg', number: 'HRB 123456' },
          source_url: 'https://sonne.example/impressum',
          evidence: 'HRB 123456',
        },
        vat_id: null,
        founded: null,
        employees: null,
        opening_hours: null,
      },
    },
  });
}

const lea = person({
  name: 'Lea Roth',
  role: 'Verkauf',
  seniority: 'staff',
  email: null,
  email_kind: null,
  email_mx: null,
  phone: null,
  linkedin_url: null,
  suggested_email: { email: 'lea.roth@sonne.example', pattern: 'first.last' },
  source_url: 'https://sonne.example/team',
  evidence: 'Lea Roth – Verkauf',
});

function setUp(access: 'owner' | 'view' = 'owner') {
  let business = sonne([person({}), lea]);
  const nobody = makeBusiness({ name: 'Salon Lux', decision_maker: false, primary_contact: null });
  const handlers: Record<string, (request: SentRequest) => Response> = {
    [INFO]: () => json(200, makeInfo({ status: 'completed', access })),
    [RESULTS]: () => json(200, { items: [business, nobody], total: 2, page: 0, pageSize: 50 }),
    [REMOVE]: ({ body }) => {
      const { name } = body as { name: string };
      business = {
        ...business,
        details: {
          ...business.details,
          people: (business.details?.people ?? []).filter((p) => p.name !== name),
        },
      };
      return json(204);
    },
  };
  return { handlers, id: business.id };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('people in the results', () => {
  it('shows the decision-maker column: name and role, or none named', async () => {
    const { handlers } = setUp();
    renderApp(`/results?session_id=${SESSION_ID}`, handlers);
    const row = (await screen.findByText('Bäckerei Sonne')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Anna Berg')).toBeTruthy();
    expect(within(row).getByText('Inhaberin')).toBeTruthy();
    const other = screen.getByText('Salon Lux').closest('tr') as HTMLElement;
    expect(within(other).getByText('None named')).toBeTruthy();
  });

  it('lists each person in the drawer with role, seniority, email kind, phone, LinkedIn and the evidence page', async () => {
    const { handlers, id } = setUp();
    renderApp(`/results?session_id=${SESSION_ID}&business=${id}`, handlers);
    const list = await screen.findByRole('list', { name: 'People named on the website' });
    const anna = within(list).getByRole('listitem', { name: 'Anna Berg' });
    expect(within(anna).getByText('Owner / founder')).toBeTruthy();
    expect(within(anna).getByText('anna.berg@sonne.example')).toBeTruthy();
    expect(within(anna).getByText('Personal address')).toBeTruthy();
    expect(within(anna).getByRole('link', { name: '+49 30 123456' }).getAttribute('href')).toBe(
      'tel:+4930123456',
    );
    expect(within(anna).getByRole('link', { name: 'LinkedIn profile' }).getAttribute('href')).toBe(
      'https://www.linkedin.com/in/annaberg',
    );
    expect(within(anna).getByText('“Inhaberin: Anna Berg”')).toBeTruthy();
    expect(
      within(anna).getByRole('link', { name: 'https://sonne.example/impressum' }).getAttribute('href'),
    ).toBe('https://sonne.example/impressum');
    const leaCard = within(list).getByRole('listitem', { name: 'Lea Roth' });
    expect(
      within(leaCard).getByText('Possible address lea.roth@sonne.example (pattern first.last, unverified)'),
    ).toBeTruthy();
    const company = screen.getByRole('region', { name: 'Company facts' });
    expect(within(company).getByText('Amtsgericht Charlottenburg, HRB 123456')).toBeTruthy();
  });

  it('says an address was not checked, never "no mail server", when the MX lookup could not be made', async () => {
    const { handlers } = setUp();
    const checked = sonne([person({ email_mx: 'failed' }), person({ name: 'Lea Roth', email_mx: 'none' })]);
    handlers[RESULTS] = () => json(200, { items: [checked], total: 1, page: 0, pageSize: 50 });
    renderApp(`/results?session_id=${SESSION_ID}&business=${checked.id}`, handlers);
    const list = await screen.findByRole('list', { name: 'People named on the website' });
    const anna = within(list).getByRole('listitem', { name: 'Anna Berg' });
    expect(within(anna).getByText('Mail server not checked')).toBeTruthy();
    expect(within(anna).queryByText('No mail server for this domain')).toBeNull();
    const lea = within(list).getByRole('listitem', { name: 'Lea Roth' });
    expect(within(lea).getByText('No mail server for this domain')).toBeTruthy();
  });

  it('removes a person after asking, and the drawer shows the rest', async () => {
    const { handlers, id } = setUp();
    const { sent } = renderApp(`/results?session_id=${SESSION_ID}&business=${id}`, handlers);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Anna Berg' }));
    expect(await screen.findByText(/stay out when Bäckerei Sonne is enriched again/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove person' }));
    // The question closes once the removal is done; then the drawer lists the rest.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove person' })).toBeNull());
    await waitFor(() => {
      const list = screen.getByRole('list', { name: 'People named on the website' });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.getAttribute('aria-label')),
      ).toEqual(['Lea Roth']);
    });
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ business_id: id, name: 'Anna Berg' });
  });

  it('offers no removal to a view share', async () => {
    const { handlers, id } = setUp('view');
    renderApp(`/results?session_id=${SESSION_ID}&business=${id}`, handlers);
    await screen.findByRole('list', { name: 'People named on the website' });
    expect(screen.queryByRole('button', { name: 'Remove Anna Berg' })).toBeNull();
  });

  it('filters by decision-maker and seniority, with the filters in words', async () => {
    const { handlers } = setUp();
    const { sent } = renderApp(`/results?session_id=${SESSION_ID}`, handlers);
    await screen.findByText('Bäckerei Sonne');
    fireEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    const group = await screen.findByRole('radiogroup', { name: 'Decision-maker' });
    fireEvent.click(within(group).getByRole('radio', { name: 'Found' }));
    await choose(screen.getByRole('combobox', { name: 'Seniority' }), 'Owner / founder');
    await waitFor(() => {
      const last = sent.filter((r) => r.path.endsWith('/results')).at(-1);
      expect(JSON.parse(last?.query.get('filters') ?? '{}')).toEqual({
        decision_maker: true,
        seniority: 'owner_founder',
      });
    });
    const chips = screen.getByRole('list', { name: 'Filters in use' });
    expect(within(chips).getByText('Decision-maker found')).toBeTruthy();
    expect(within(chips).getByText('Seniority: Owner / founder')).toBeTruthy();
  });

  it('exports the contacts of what the table selects, one file per person list', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { handlers } = setUp();
    handlers[`GET /api/user/session/${SESSION_ID}/export/contacts`] = () =>
      new Response('\uFEFFFirst Name,Last Name\r\nAnna,Berg\r\n', {
        status: 200,
        headers: { 'Content-Disposition': 'attachment; filename="bakeries-contacts.csv"' },
      });
    const filters = { decision_maker: true };
    const { sent } = renderApp(
      `/results?session_id=${SESSION_ID}&filters=${encodeURIComponent(JSON.stringify(filters))}`,
      handlers,
    );
    await screen.findByText('Bäckerei Sonne');
    fireEvent.click(screen.getByRole('button', { name: 'Export contacts' }));
    await waitFor(() => expect(saved).toEqual(['bakeries-contacts.csv']));
    const request = sent.find((r) => r.path.endsWith('/export/contacts'));
    expect(JSON.parse(request?.query.get('filters') ?? '{}')).toEqual(filters);
  });
});
