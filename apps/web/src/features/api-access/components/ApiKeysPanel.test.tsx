import type { ApiKey } from '@argo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ids, makeProfile } from '../../../testing/factories';
import { json, mockApi } from '../../../testing/fake-api';
import { renderPage, stubIdentityProvider } from '../../../testing/render-page';
import { ApiAccessSection } from './ApiAccessSection';

const SECRET = `argo_live_0a1b2c3d4e5f_${'9'.repeat(64)}`;
let keys: ApiKey[];

function key(n: number, name: string, scope: ApiKey['scope'] = 'read'): ApiKey {
  return {
    id: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
    name,
    prefix: `0a1b2c3d4e${String(n).padStart(2, '0')}`,
    scope,
    created_at: '2026-03-01T10:00:00.000Z',
    expires_at: null,
    last_used_at: n === 1 ? '2026-03-02T10:00:00.000Z' : null,
    created_by: { id: ids.ann, email: 'ann@acme.test', name: 'Ann Admin' },
  };
}

beforeEach(() => {
  stubIdentityProvider();
  keys = [key(1, 'Zapier'), key(2, 'Nightly export', 'read_write')];
});

const section = async () => within(await screen.findByRole('region', { name: 'API & webhooks' }));

describe('API keys in settings', () => {
  it('lists the keys with prefix, access and last use, and shows a new key once with a copy button', async () => {
    const sent = mockApi({
      'GET /api/user/api-keys': () => json(200, keys),
      'POST /api/user/api-keys': ({ body }) => {
        const made = { ...key(3, (body as { name: string }).name, (body as ApiKey).scope) };
        keys = [made, ...keys];
        return json(201, { key: made, secret: SECRET });
      },
    });
    renderPage(<ApiAccessSection />, { profile: makeProfile('member') });
    const panel = await section();
    const table = await panel.findByRole('table', { name: 'API keys' });
    expect(within(table).getByText('Zapier')).toBeTruthy();
    expect(within(table).getByText('argo_live_0a1b2c3d4e01_…')).toBeTruthy();
    expect(within(table).getByText('read and write')).toBeTruthy();
    expect(within(table).getByText('Never')).toBeTruthy();
    // Webhooks are for admins.
    expect(panel.queryByRole('form', { name: 'Add a webhook' })).toBeNull();

    fireEvent.change(panel.getByLabelText('Key name', { exact: false }), {
      target: { value: 'HubSpot sync' },
    });
    fireEvent.change(panel.getByLabelText('Access'), { target: { value: 'read_write' } });
    fireEvent.change(panel.getByLabelText('Expires'), { target: { value: 'never' } });
    fireEvent.click(panel.getByRole('button', { name: 'Make key' }));

    expect(await panel.findByText(SECRET)).toBeTruthy();
    expect(panel.getByText(/shows it only this once/)).toBeTruthy();
    expect(panel.getByRole('button', { name: 'Copy your new api key' })).toBeTruthy();
    const post = sent.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ name: 'HubSpot sync', scope: 'read_write', expires_at: null });
    await waitFor(() => expect(within(table).getByText('HubSpot sync')).toBeTruthy());

    fireEvent.click(panel.getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(panel.queryByText(SECRET)).toBeNull());
  });

  it('sends an expiry 90 days ahead by default', async () => {
    const sent = mockApi({
      'GET /api/user/api-keys': () => json(200, []),
      'POST /api/user/api-keys': () => json(201, { key: key(3, 'x'), secret: SECRET }),
    });
    renderPage(<ApiAccessSection />, { profile: makeProfile('member') });
    const panel = await section();
    expect(await panel.findByText(/No API keys yet/)).toBeTruthy();
    fireEvent.change(panel.getByLabelText('Key name', { exact: false }), { target: { value: 'x' } });
    fireEvent.click(panel.getByRole('button', { name: 'Make key' }));
    await panel.findByText(SECRET);
    const body = sent.find((r) => r.method === 'POST')?.body as { expires_at: string; scope: string };
    expect(body.scope).toBe('read');
    const days = (new Date(body.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(90);
  });

  it('revokes a key after asking, and shows what the API refused', async () => {
    const sent = mockApi({
      'GET /api/user/api-keys': () => json(200, keys),
      'DELETE /api/user/api-keys/00000000-0000-4000-8000-000000000001': () => {
        keys = keys.slice(1);
        return json(204);
      },
      'POST /api/user/api-keys': () =>
        json(400, {
          error: { code: 'validation_failed', message: 'name: must not be empty', field: 'name' },
        }),
    });
    renderPage(<ApiAccessSection />, { profile: makeProfile('member') });
    const panel = await section();
    const table = await panel.findByRole('table', { name: 'API keys' });
    fireEvent.click(within(table).getByRole('button', { name: 'Revoke Zapier' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(within(table).queryByText('Zapier')).toBeNull());
    expect(sent.some((r) => r.method === 'DELETE')).toBe(true);

    fireEvent.change(panel.getByLabelText('Key name', { exact: false }), { target: { value: ' y ' } });
    fireEvent.click(panel.getByRole('button', { name: 'Make key' }));
    expect((await panel.findByRole('alert')).textContent).toContain('name: must not be empty');
  });

  it('says when the keys cannot be loaded', async () => {
    mockApi({ 'GET /api/user/api-keys': () => json(500, { error: { code: 'internal', message: 'x' } }) });
    renderPage(<ApiAccessSection />, { profile: makeProfile('member') });
    const panel = await section();
    expect((await panel.findByRole('alert')).textContent).toContain('could not be loaded');
  });
});
