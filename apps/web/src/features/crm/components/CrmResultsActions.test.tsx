import type { Filters } from '@argo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../testing/fake-api';
import { renderPage, stubIdentityProvider } from '../../../testing/render-page';
import { CrmResultsActions, type CrmResultsActionsProps } from './CrmResultsActions';
import { connection, connections, job } from './crm-testing';

const SESSION = '00000000-0000-4000-8000-00000000d001';
const JOB = '00000000-0000-4000-8000-00000000c001';
const BUSINESSES = ['00000000-0000-4000-8000-00000000e001', '00000000-0000-4000-8000-00000000e002'];

beforeEach(() => stubIdentityProvider());

function props(over: Partial<CrmResultsActionsProps> = {}): CrmResultsActionsProps {
  return {
    sessionId: SESSION,
    selectedIds: [],
    isAllMatching: false,
    matching: { filters: { city: 'Berlin' } },
    total: 120,
    canEdit: true,
    filters: { city: 'Berlin' },
    onFiltersChange: vi.fn(),
    ...over,
  };
}

const both = connections([
  connection({ provider: 'hubspot', connected: true, token_hint: '…4f2a' }),
  connection({ provider: 'pipedrive', connected: true, token_hint: '…9b1c', company_domain: 'acme' }),
]);

describe('Push to CRM on the results', () => {
  it('shows nothing while no CRM is connected', async () => {
    const sent = mockApi({
      'GET /api/accounts/crm': () =>
        json(200, connections([connection({ provider: 'hubspot' }), connection({ provider: 'pipedrive' })])),
    });
    const { container, queryClient } = renderPage(<CrmResultsActions {...props()} />);
    await waitFor(() => expect(queryClient.getQueryState(['accounts', 'crm'])?.status).toBe('success'));
    expect(sent.some((r) => r.path === '/api/accounts/crm')).toBe(true);
    expect(container.textContent).not.toContain('Push to CRM');
  });

  it('pushes the ticked businesses to the chosen CRM and shows the progress and the CRM’s words in the log', async () => {
    const sent = mockApi({
      'GET /api/accounts/crm': () => json(200, both),
      [`GET /api/user/session/${SESSION}/crm/jobs`]: () => json(200, []),
      [`POST /api/user/session/${SESSION}/crm/push`]: () =>
        json(202, job({ provider: 'pipedrive', status: 'queued' })),
      [`GET /api/crm/jobs/${JOB}`]: () => json(200, job({ provider: 'pipedrive' })),
      [`GET /api/crm/jobs/${JOB}/log`]: () =>
        json(200, {
          items: [
            {
              id: '00000000-0000-4000-8000-00000000f001',
              object: 'contact',
              key: 'lea@shop.example',
              outcome: 'failed',
              crm_id: null,
              message: 'Email address is not valid.',
              business_id: BUSINESSES[0],
              at: '2026-12-04T10:00:01.000Z',
            },
          ],
          total: 1,
          page: 0,
          page_size: 25,
        }),
    });
    renderPage(<CrmResultsActions {...props({ selectedIds: BUSINESSES })} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Push 2 to CRM' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Push to CRM' }));
    fireEvent.click(dialog.getByText('Pipedrive'));
    fireEvent.click(dialog.getByLabelText('Leave out businesses already in the CRM'));
    fireEvent.click(dialog.getByRole('button', { name: 'Push to Pipedrive' }));
    expect(await dialog.findByText('4 of 10 businesses')).toBeTruthy();
    expect(dialog.getByText('6 created')).toBeTruthy();
    expect(await dialog.findByText('Email address is not valid.')).toBeTruthy();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      provider: 'pipedrive',
      business_ids: BUSINESSES,
      exclude_in_crm: true,
    });
  });

  it('pushes everything matching when nothing is ticked, and cancels', async () => {
    let status: 'running' | 'cancelled' = 'running';
    const sent = mockApi({
      'GET /api/accounts/crm': () => json(200, both),
      [`GET /api/user/session/${SESSION}/crm/jobs`]: () => json(200, []),
      [`POST /api/user/session/${SESSION}/crm/push`]: () => json(202, job()),
      [`GET /api/crm/jobs/${JOB}`]: () => json(200, job({ status })),
      [`GET /api/crm/jobs/${JOB}/log`]: () => json(200, { items: [], total: 0, page: 0, page_size: 25 }),
      [`POST /api/crm/jobs/${JOB}/cancel`]: () => {
        status = 'cancelled';
        return json(200, job({ status }));
      },
    });
    renderPage(<CrmResultsActions {...props()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Push to CRM' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Push to CRM' }));
    expect(dialog.getByText(/All 120 businesses matching/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Push to HubSpot' }));
    fireEvent.click(await dialog.findByRole('button', { name: 'Cancel' }));
    expect(await dialog.findByText('Cancelled')).toBeTruthy();
    expect(sent.find((r) => r.method === 'POST' && r.path.endsWith('/push'))?.body).toEqual({
      provider: 'hubspot',
      matching: { filters: { city: 'Berlin' } },
    });
  });

  it('hides the businesses already in the CRM with the in_crm filter, keeping the other filters', async () => {
    mockApi({
      'GET /api/accounts/crm': () => json(200, both),
      [`GET /api/user/session/${SESSION}/crm/jobs`]: () => json(200, []),
    });
    const onFiltersChange = vi.fn<(filters: Filters | undefined) => void>();
    const view = renderPage(<CrmResultsActions {...props({ onFiltersChange })} />);
    fireEvent.click(await screen.findByLabelText('Hide businesses already in my CRM'));
    expect(onFiltersChange).toHaveBeenLastCalledWith({ city: 'Berlin', in_crm: false });
    view.unmount();
    renderPage(<CrmResultsActions {...props({ onFiltersChange, filters: { in_crm: false } })} />);
    fireEvent.click(await screen.findByLabelText('Hide businesses already in my CRM'));
    expect(onFiltersChange).toHaveBeenLastCalledWith(undefined);
  });

  it('lets a viewer see the last push but not start one', async () => {
    mockApi({
      'GET /api/accounts/crm': () => json(200, both),
      [`GET /api/user/session/${SESSION}/crm/jobs`]: () =>
        json(200, [job({ status: 'completed', done: 10 })]),
      [`GET /api/crm/jobs/${JOB}`]: () => json(200, job({ status: 'completed', done: 10 })),
      [`GET /api/crm/jobs/${JOB}/log`]: () => json(200, { items: [], total: 0, page: 0, page_size: 25 }),
    });
    renderPage(<CrmResultsActions {...props({ canEdit: false })} />);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Push to CRM' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Push to CRM' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Push to CRM' }));
    expect(await dialog.findByText('10 of 10 businesses')).toBeTruthy();
    expect(dialog.queryByRole('button', { name: /Push to HubSpot/ })).toBeNull();
  });
});
