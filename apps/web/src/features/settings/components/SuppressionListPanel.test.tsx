import type { Suppression } from '@argo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ids, makeProfile } from '../../../testing/factories';
import { json, mockApi } from '../../../testing/fake-api';
import { renderPage, stubIdentityProvider } from '../../../testing/render-page';
import { SettingsPage } from './SettingsPage';

let entries: Suppression[];

function entry(
  id: string,
  kind: 'email' | 'domain',
  value: string,
  reason: string | null = null,
): Suppression {
  return {
    id: `00000000-0000-4000-8000-00000000${id.padStart(4, '0')}`,
    kind,
    value,
    reason,
    created_at: '2026-03-01T10:00:00.000Z',
    created_by: { id: ids.ann, email: 'ann@acme.test', name: 'Ann Admin' },
  };
}

function serveList() {
  return mockApi({
    'GET /api/accounts/suppressions': () => json(200, entries),
    'POST /api/accounts/suppressions': ({ body }) => {
      const { values, reason } = body as { values: string[]; reason?: string };
      const added = values.map((v, i) =>
        entry(String(100 + entries.length + i), v.includes('@') ? 'email' : 'domain', v, reason ?? null),
      );
      entries = [...added, ...entries];
      return json(201, added);
    },
    'DELETE /api/accounts/suppressions/00000000-0000-4000-8000-000000000001': () => {
      entries = entries.filter((e) => !e.id.endsWith('0001'));
      return json(204);
    },
  });
}

beforeEach(() => {
  stubIdentityProvider();
  entries = [
    entry('1', 'email', 'anna@baeckerei-sonne.de', 'Asked on the phone'),
    entry('2', 'domain', 'sonne.at'),
  ];
});

async function findPanel() {
  return within(await screen.findByRole('region', { name: 'Do not contact' }));
}

describe('the suppression list in settings', () => {
  it('shows a member the list, and adds pasted addresses and domains with one reason', async () => {
    const sent = serveList();
    renderPage(<SettingsPage />, { profile: makeProfile('member') });
    const panel = await findPanel();
    const table = await panel.findByRole('table', { name: 'Suppressed addresses and domains' });
    expect(within(table).getByText('anna@baeckerei-sonne.de')).toBeTruthy();
    expect(within(table).getByText('Asked on the phone')).toBeTruthy();
    expect(within(table).getAllByText('by Ann Admin')).toHaveLength(2);
    // Members may add but not take anything off.
    expect(panel.queryByRole('button', { name: /off the list/ })).toBeNull();

    fireEvent.change(panel.getByLabelText('Email addresses or domains', { exact: false }), {
      target: { value: 'ben@example.org, example.net\nben@example.org' },
    });
    fireEvent.change(panel.getByLabelText('Reason (optional)'), { target: { value: 'Opt-out list May' } });
    fireEvent.click(panel.getByRole('button', { name: 'Add to the list' }));

    await waitFor(() => expect(within(table).getByText('example.net')).toBeTruthy());
    const post = sent.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ values: ['ben@example.org', 'example.net'], reason: 'Opt-out list May' });
  });

  it('names what is neither an address nor a domain and sends nothing', async () => {
    const sent = serveList();
    renderPage(<SettingsPage />, { profile: makeProfile('member') });
    const panel = await findPanel();
    fireEvent.change(await panel.findByLabelText('Email addresses or domains', { exact: false }), {
      target: { value: 'ok@example.org; call me maybe' },
    });
    fireEvent.click(panel.getByRole('button', { name: 'Add to the list' }));
    expect(await panel.findByText('Not an email address or a domain: call, me, maybe')).toBeTruthy();
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
  });

  it('lets an admin take an entry off after saying what that allows', async () => {
    const sent = serveList();
    renderPage(<SettingsPage />, { profile: makeProfile('admin') });
    const panel = await findPanel();
    fireEvent.click(await panel.findByRole('button', { name: 'Take anna@baeckerei-sonne.de off the list' }));
    expect(
      await screen.findByText(
        /anna@baeckerei-sonne.de will be exported and may be used in outreach content again/,
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Take off the list' }));
    await waitFor(() => expect(panel.queryByText('anna@baeckerei-sonne.de')).toBeNull());
    expect(sent.some((r) => r.method === 'DELETE')).toBe(true);
    expect(panel.getByText('sonne.at')).toBeTruthy();
  });
});
