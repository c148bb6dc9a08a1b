import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeProfile } from '../../../testing/factories';
import { json, mockApi } from '../../../testing/fake-api';
import { renderPage, stubIdentityProvider } from '../../../testing/render-page';
import { CrmSettings } from './CrmSettings';
import { connection, connections } from './crm-testing';

beforeEach(() => stubIdentityProvider());

const notConnected = connections([
  connection({ provider: 'hubspot' }),
  connection({ provider: 'pipedrive' }),
]);
const hubspotConnected = connections([
  connection({
    provider: 'hubspot',
    connected: true,
    token_hint: '…4f2a',
    connected_at: '2026-12-01T09:00:00.000Z',
    connected_by: { id: '00000000-0000-4000-8000-0000000000a2', name: 'Ann Admin' },
    last_sync_at: '2026-12-02T09:00:00.000Z',
    known_companies: 1200,
    known_contacts: 3400,
  }),
  connection({ provider: 'pipedrive' }),
]);

describe('the CRM part of Settings', () => {
  it('lets an admin connect HubSpot, sending the token once and showing only its last characters', async () => {
    let answer = notConnected;
    const sent = mockApi({
      'GET /api/accounts/crm': () => json(200, answer),
      'PUT /api/accounts/crm/hubspot': () => {
        answer = hubspotConnected;
        return json(200, hubspotConnected.connections[0]);
      },
    });
    renderPage(<CrmSettings isAdmin />, { profile: makeProfile('admin') });
    const card = within(await screen.findByRole('article', { name: 'HubSpot' }));
    expect(card.getByText('Not connected')).toBeTruthy();
    fireEvent.change(card.getByLabelText('Private app access token', { exact: false }), {
      target: { value: ' pat-eu1-abcd-4f2a ' },
    });
    fireEvent.click(card.getByRole('button', { name: 'Connect HubSpot' }));
    await waitFor(() => expect(card.getByText('Token ending …4f2a')).toBeTruthy());
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ token: 'pat-eu1-abcd-4f2a' });
    expect(card.getByText(/1,200 companies, 3,400 contacts known/)).toBeTruthy();
    // The mapping is on the screen.
    expect(screen.getByRole('table', { name: 'Person to contact' })).toBeTruthy();
    expect(screen.getAllByText('jobtitle').length).toBeGreaterThan(0);
  });

  it('shows the CRM’s refusal when the token is wrong, and asks Pipedrive for its company domain', async () => {
    mockApi({
      'GET /api/accounts/crm': () => json(200, notConnected),
      'PUT /api/accounts/crm/pipedrive': () =>
        json(400, {
          error: {
            code: 'validation_failed',
            message:
              'token: Pipedrive refused this token (unauthorized access). Copy it again from Pipedrive.',
            field: 'token',
          },
        }),
    });
    renderPage(<CrmSettings isAdmin />, { profile: makeProfile('admin') });
    const card = within(await screen.findByRole('article', { name: 'Pipedrive' }));
    fireEvent.change(card.getByLabelText('API token', { exact: false }), {
      target: { value: 'wrong-token-1' },
    });
    fireEvent.change(card.getByLabelText('Company domain', { exact: false }), { target: { value: 'acme' } });
    fireEvent.click(card.getByRole('button', { name: 'Connect Pipedrive' }));
    expect(await card.findByText(/refused this token \(unauthorized access\)/)).toBeTruthy();
  });

  it('shows a member the connection and lets them sync, but not connect or disconnect', async () => {
    const sent = mockApi({
      'GET /api/accounts/crm': () => json(200, hubspotConnected),
      'POST /api/accounts/crm/hubspot/sync': () =>
        json(202, {
          id: '00000000-0000-4000-8000-00000000c009',
          provider: 'hubspot',
          kind: 'sync',
          session_id: null,
          status: 'queued',
          total: 0,
          done: 0,
          created: 0,
          updated: 0,
          skipped: 0,
          failed: 0,
          error: null,
          created_at: '2026-12-04T10:00:00.000Z',
          finished_at: null,
          created_by: null,
        }),
      'GET /api/crm/jobs/00000000-0000-4000-8000-00000000c009': () =>
        json(200, {
          id: '00000000-0000-4000-8000-00000000c009',
          provider: 'hubspot',
          kind: 'sync',
          session_id: null,
          status: 'completed',
          total: 300,
          done: 300,
          created: 0,
          updated: 0,
          skipped: 0,
          failed: 0,
          error: null,
          created_at: '2026-12-04T10:00:00.000Z',
          finished_at: '2026-12-04T10:00:05.000Z',
          created_by: null,
        }),
    });
    renderPage(<CrmSettings isAdmin={false} />);
    const hubspot = within(await screen.findByRole('article', { name: 'HubSpot' }));
    expect(hubspot.queryByRole('button', { name: 'Disconnect' })).toBeNull();
    const pipedrive = within(screen.getByRole('article', { name: 'Pipedrive' }));
    expect(pipedrive.getByText('An admin of your organisation can connect Pipedrive.')).toBeTruthy();
    fireEvent.click(hubspot.getByRole('button', { name: 'Sync from HubSpot' }));
    expect(await hubspot.findByText('300 records read')).toBeTruthy();
    expect(sent.some((r) => r.method === 'POST' && r.path === '/api/accounts/crm/hubspot/sync')).toBe(true);
  });

  it('says so when the connections cannot be loaded', async () => {
    mockApi({ 'GET /api/accounts/crm': () => json(500, { error: { code: 'internal', message: 'Down' } }) });
    renderPage(<CrmSettings isAdmin />);
    expect(await screen.findByText('The CRM connections could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
